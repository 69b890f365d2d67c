import { Link } from '@/components/link';
import { PRODUCT_NAME } from '@plainspoken/shared';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-7', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M10 23V9h6.5a4.75 4.75 0 0 1 0 9.5H13"
        fill="none"
        className="stroke-primary-foreground"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** `compact` keeps only the mark below a width (xs: 480 px, md: 768 px) so the header fits 360 px. */
export function Logo({ className, compact = false }: { className?: string; compact?: false | 'xs' | 'md' }) {
  return (
    <Link
      to={paths.home}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <LogoMark />
      <span className={compact === 'xs' ? 'max-[479px]:sr-only' : compact === 'md' ? 'max-md:sr-only' : undefined}>
        {PRODUCT_NAME}
      </span>
    </Link>
  );
}
