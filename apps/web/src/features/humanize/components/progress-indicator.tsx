import { useEffect, useState } from 'react';
import type { HumanizeMode } from '@plainspoken/shared';
import { Spinner } from '@/components/ui/spinner';
import type { FlowStep } from '../lib/humanize-rules';
import type { HumanizeProgress } from '../api/humanize-text';

/**
 * What a deep rewrite goes through. The engine streams its real stage when it can; until the first event
 * arrives (or if the connection does not stream) the stages advance on a timer.
 */
export const DEEP_STAGES = [
  'Reading your text',
  'Spotting phrasing that reads as machine-written',
  'Rewriting sentences',
  'Checking how the rewrite reads',
  'Polishing the final wording',
] as const;
export const DEEP_STAGE_MS = 4000;

const ENGINE_STAGE: Record<HumanizeProgress['stage'], number> = {
  detect: 1,
  rewrite: 2,
  candidates: 2,
  round: 3,
  checks: 3,
  done: 4,
};

function engineLabel(p: HumanizeProgress): string {
  switch (p.stage) {
    case 'detect':
      return DEEP_STAGES[1];
    case 'rewrite':
      return DEEP_STAGES[2];
    case 'candidates':
      return 'Comparing candidate rewrites';
    case 'round':
      return `Reworking passages that still read as machine-written${p.round ? ` (round ${p.round})` : ''}`;
    case 'checks':
      return 'Checking meaning, numbers and names';
    case 'done':
      return DEEP_STAGES[4];
  }
}

export function ProgressIndicator({
  step,
  mode,
  progress = null,
}: {
  step: FlowStep;
  mode: HumanizeMode;
  progress?: HumanizeProgress | null;
}) {
  const [timerStage, setStage] = useState(0);
  // Steps only move forward: a later event of an earlier stage (a fallback's clean-up after the model's
  // checks) keeps the step reached.
  const [highest, setHighest] = useState(0);
  const processing = step === 'processing';
  const engineStage = progress ? Math.max(ENGINE_STAGE[progress.stage], 0) : 0;
  if (engineStage > highest) setHighest(engineStage);
  const stage = progress ? Math.max(engineStage, highest) : timerStage;
  const backwards = progress !== null && engineStage < highest;

  // A new run (or mode) starts the timer's stages from the first, adjusted while rendering.
  const [run, setRun] = useState({ processing, mode });
  if (run.processing !== processing || run.mode !== mode) {
    setRun({ processing, mode });
    setStage(0);
    setHighest(0);
  }

  useEffect(() => {
    if (!processing || mode !== 'deep') return;
    const id = setInterval(() => setStage((s) => Math.min(s + 1, DEEP_STAGES.length - 1)), DEEP_STAGE_MS);
    return () => clearInterval(id);
  }, [processing, mode]);

  const label =
    step === 'checking'
      ? 'Checking your word balance'
      : mode === 'deep'
        ? progress
          ? backwards
            ? DEEP_STAGES[stage]
            : engineLabel(progress)
          : DEEP_STAGES[stage]
        : 'Rewriting quickly';

  return (
    <div role="status" aria-live="polite" className="grid gap-2" data-testid="humanize-progress">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="inline-flex items-center gap-2 font-medium">
          <Spinner className="text-primary" />
          {label}…
        </span>
        {processing && mode === 'deep' && (
          <span className="text-xs text-muted-foreground tabular-nums">
            Step {stage + 1} of {DEEP_STAGES.length}
          </span>
        )}
      </div>
      <div className="relative h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        {processing && mode === 'deep' ? (
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-700 ease-out"
            style={{ width: `${Math.round(((stage + 1) / (DEEP_STAGES.length + 1)) * 100)}%` }}
          />
        ) : (
          <div className="absolute inset-y-0 w-2/5 animate-progress rounded-full bg-primary" />
        )}
      </div>
    </div>
  );
}
