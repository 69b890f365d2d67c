import { ArrowRightIcon } from 'lucide-react';
import { PRODUCT_NAME } from '@plainspoken/shared';
import { cn } from '@/lib/utils';
import { scoreTone, toPercent } from '../lib/score';

const toneClass = { high: 'bg-destructive', mid: 'bg-warning', low: 'bg-success' } as const;

function Meter({ label, pct }: { label: string; pct: number }) {
  return (
    <div className="grid min-w-0 flex-1 gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <span>{label}</span>
        <span className="text-base font-semibold text-foreground tabular-nums">{pct}%</span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className={cn('h-full rounded-full', toneClass[scoreTone(pct)])} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

export function ScoreMeter({ before, after }: { before: number; after: number }) {
  const b = toPercent(before);
  const a = toPercent(after);
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/30 p-3" data-testid="score-meter">
      <p className="text-xs font-medium">
        AI-likeness <span className="font-normal text-muted-foreground">· {PRODUCT_NAME}'s own estimate, not another detector's verdict</span>
      </p>
      <div className="flex items-center gap-3">
        <Meter label="Before" pct={b} />
        <ArrowRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <Meter label="After" pct={a} />
      </div>
    </div>
  );
}
