import { displayScore, scoreTone, type ScoreTone } from '@/lib/score';
import { cn } from '@/lib/utils';

export const scoreToneBar: Record<ScoreTone, string> = { high: 'bg-destructive', mid: 'bg-warning', low: 'bg-success' };
export const scoreToneText: Record<ScoreTone, string> = {
  high: 'text-destructive',
  mid: 'text-warning-strong',
  low: 'text-success-strong',
};

/**
 * One AI-likeness score as a labelled bar: the number as it came (0-100) or "No score" with an empty
 * track when the text was not scored. The home card's before/after meter and the AI check share it.
 */
export function ScoreBar({
  label,
  score,
  size = 'sm',
  className,
}: {
  label: string;
  score: number | null | undefined;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const value = displayScore(score);
  const tone = value === null ? null : scoreTone(value);
  const meter = (
    <div
      className={cn('overflow-hidden rounded-full bg-muted', size === 'lg' ? 'h-2.5' : 'h-1.5')}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value === null ? 'No score' : `${value}%`}
    >
      {tone && value !== null && (
        <div
          className={cn('h-full rounded-full transition-[width] duration-500', scoreToneBar[tone])}
          style={{ width: `${Math.max(value, 2)}%` }}
        />
      )}
    </div>
  );
  if (size === 'lg') {
    return (
      <div className={cn('grid min-w-0 gap-2', className)} data-score={value ?? 'none'}>
        <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</span>
        {value === null ? (
          <span className="text-2xl font-semibold text-muted-foreground">No score</span>
        ) : (
          <span
            className={cn('text-5xl leading-none font-bold tracking-tight tabular-nums', tone && scoreToneText[tone])}
          >
            {value}
            <span className="text-2xl font-semibold">%</span>
          </span>
        )}
        {meter}
      </div>
    );
  }
  return (
    <div className={cn('grid min-w-0 flex-1 gap-1.5', className)} data-score={value ?? 'none'}>
      <div className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <span>{label}</span>
        {value === null ? (
          <span className="text-sm font-medium text-muted-foreground">No score</span>
        ) : (
          <span className="text-base font-semibold text-foreground tabular-nums">{value}%</span>
        )}
      </div>
      {meter}
    </div>
  );
}
