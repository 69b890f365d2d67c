import { ArrowRightIcon } from 'lucide-react';
import { PRODUCT_NAME } from '@plainspoken/shared';
import { ScoreBar } from '@/components/score/score-bar';
import { displayScore } from '@/lib/score';

export function ScoreMeter({ before, after }: { before: number | null; after: number | null }) {
  const unscored = displayScore(before) === null && displayScore(after) === null;
  return (
    <div
      className="grid gap-2 rounded-lg border bg-muted/30 p-3"
      data-testid="score-meter"
      data-toast-avoid
      data-unscored={unscored || undefined}
    >
      <p className="text-xs font-medium">
        AI-likeness{' '}
        <span className="font-normal text-muted-foreground">
          · {PRODUCT_NAME}'s own estimate, not another detector's verdict
        </span>
      </p>
      <div className="flex items-center gap-3">
        <ScoreBar label="Before" score={before} />
        <ArrowRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <ScoreBar label="After" score={after} />
      </div>
    </div>
  );
}
