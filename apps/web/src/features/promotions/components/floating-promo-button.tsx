import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { usePulse } from '../lib/use-clock';

export function FloatingPromoButton({
  onClick,
  label,
  children,
  className,
  pulseEveryMs,
  pulseForMs,
  testId,
}: {
  onClick: () => void;
  label: string;
  children: ReactNode;
  className: string;
  pulseEveryMs: number;
  pulseForMs: number;
  testId: string;
}) {
  const pulsing = usePulse(pulseEveryMs, pulseForMs);
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      data-testid={testId}
      data-pulsing={pulsing ? 'true' : 'false'}
      className={cn(
        'fixed z-40 flex cursor-pointer items-center gap-2 rounded-full bg-primary px-4 py-3 text-sm font-semibold text-primary-foreground shadow-lg transition-transform duration-300 outline-none hover:scale-105 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 motion-reduce:transition-none',
        pulsing && 'scale-110 ring-4 ring-primary/40 motion-reduce:scale-100',
        className,
      )}
    >
      {children}
    </button>
  );
}
