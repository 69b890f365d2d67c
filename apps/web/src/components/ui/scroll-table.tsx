import { MoveHorizontalIcon } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * The box of a table that can be wider than the screen (the engine page's tables on a phone). When it is,
 * a line above it says the table scrolls sideways, shadows at its edges show the side that has more (they
 * are drawn behind the table, so they cover none of it, and each goes once its end is reached), and the box
 * is a named region a keyboard user can Tab to and scroll with the arrow keys. Where the table fits, none
 * of that shows. Measured before the first paint, so the line does not push the table down after it.
 */
export function ScrollTable({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [wide, setWide] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWide(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <p
        className={cn('items-center gap-1.5 text-xs text-muted-foreground', wide ? 'flex' : 'hidden')}
        data-testid="scroll-hint"
      >
        <MoveHorizontalIcon className="size-3.5 shrink-0" aria-hidden="true" />
        Scroll sideways to see every column
      </p>
      <div
        ref={box}
        role={wide ? 'region' : undefined}
        aria-label={wide ? `${label} (scrolls sideways)` : undefined}
        tabIndex={wide ? 0 : undefined}
        className="scroll-shadows-x overflow-x-auto rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </div>
    </div>
  );
}
