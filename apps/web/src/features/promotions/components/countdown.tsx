import type { Remaining } from '../lib/countdown';

const pad = (n: number) => String(n).padStart(2, '0');

export function Countdown({ remaining, label }: { remaining: Remaining; label: string }) {
  const parts: [number, string][] = [
    [remaining.days, 'Days'],
    [remaining.hours, 'Hours'],
    [remaining.minutes, 'Minutes'],
    [remaining.seconds, 'Seconds'],
  ];
  return (
    <div role="timer" aria-label={label} data-testid="promo-countdown" className="grid grid-cols-4 gap-2 text-center">
      {parts.map(([n, unit]) => (
        <div key={unit} className="rounded-lg bg-muted px-2 py-2">
          <div className="text-2xl font-bold tabular-nums" data-testid={`countdown-${unit.toLowerCase()}`}>
            {pad(n)}
          </div>
          <div className="text-[11px] tracking-wide text-muted-foreground uppercase">{unit}</div>
        </div>
      ))}
    </div>
  );
}
