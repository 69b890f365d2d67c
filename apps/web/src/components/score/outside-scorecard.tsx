import { PRODUCT_NAME, type OutsideScore } from '@plainspoken/shared';
import { displayScore, scoreTone } from '@/lib/score';
import { cn } from '@/lib/utils';
import { scoreToneText } from './score-bar';

/**
 * Our score beside each outside detector the operator configured (nothing when none is). Each number is that
 * detector's own answer; an unavailable one says why. `before` adds a column for the text before a rewrite.
 */
export function OutsideScorecard({
  ours,
  detectors,
  before,
  oursBefore,
  className,
}: {
  ours: number | null;
  detectors: OutsideScore[];
  before?: OutsideScore[];
  oursBefore?: number | null;
  className?: string;
}) {
  if (detectors.length === 0 && (before?.length ?? 0) === 0) return null;
  const withBefore = before !== undefined;
  const rows = detectors.map((d) => ({ d, b: before?.find((x) => x.detector === d.detector) }));
  const cell = (s: OutsideScore | undefined, testId?: string) => {
    if (!s) return <td className="px-2 py-1.5 text-muted-foreground">–</td>;
    if (s.status !== 'ok' || s.score === null)
      return (
        <td className="px-2 py-1.5 text-xs text-muted-foreground" data-testid={testId}>
          Unavailable: {s.reason}
        </td>
      );
    const v = displayScore(s.score) ?? 0;
    return (
      <td className={cn('px-2 py-1.5 font-semibold tabular-nums', scoreToneText[scoreTone(v)])} data-testid={testId}>
        {v}% AI
        {s.label ? <span className="ml-1 text-xs font-normal text-muted-foreground">· labelled {s.label}</span> : null}
      </td>
    );
  };
  const ourCell = (v: number | null | undefined) => (
    <td className="px-2 py-1.5 font-semibold tabular-nums">{v === null || v === undefined ? '–' : `${v}%`}</td>
  );
  return (
    <section className={cn('grid gap-2', className)} data-testid="outside-scorecard" aria-label="Detector scorecard">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th className="px-2 py-1 font-medium">Detector</th>
            {withBefore && <th className="px-2 py-1 font-medium">Before</th>}
            <th className="px-2 py-1 font-medium">{withBefore ? 'After' : 'Score'}</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          <tr>
            <th scope="row" className="px-2 py-1.5 font-medium">
              {PRODUCT_NAME} (ours)
            </th>
            {withBefore && ourCell(oursBefore)}
            {ourCell(ours)}
          </tr>
          {rows.map(({ d, b }) => (
            <tr key={d.detector} data-testid={`outside-${d.detector}`}>
              <th scope="row" className="px-2 py-1.5 font-medium">
                {d.name}
              </th>
              {withBefore && cell(b)}
              {cell(d)}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">
        Each outside number is that detector's own answer for this text, as its API gave it (its probability that the
        text is machine-written). We show them as they are and do not combine them; another detector may judge the same
        text differently.
      </p>
    </section>
  );
}
