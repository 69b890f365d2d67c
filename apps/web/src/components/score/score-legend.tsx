import { cn } from '@/lib/utils';
import { highlightClass } from '../text/highlighted-text';

/** The key to sentence highlights; `levels` picks which of the two highlight strengths are in use. */
export function ScoreLegend({
  levels = ['high', 'mid'],
  className,
}: {
  levels?: Array<'high' | 'mid'>;
  className?: string;
}) {
  const items = {
    high: 'Reads as machine-written',
    mid: 'Some machine-like signs',
  } as const;
  return (
    <ul
      className={cn('flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-muted-foreground', className)}
      aria-label="Highlight key"
      data-testid="score-legend"
    >
      {levels.map((l) => (
        <li key={l} className="inline-flex items-center gap-1.5">
          <span className={cn('inline-block h-3 w-5 rounded-sm', highlightClass[l])} aria-hidden="true" />
          {items[l]}
        </li>
      ))}
      <li className="inline-flex items-center gap-1.5">
        <span
          className="inline-block h-3 w-5 rounded-sm border border-muted-foreground/40 border-dashed"
          aria-hidden="true"
        />
        Reads as human-written
      </li>
    </ul>
  );
}
