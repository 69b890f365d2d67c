import { WandSparklesIcon, ZapIcon } from 'lucide-react';
import { ENGINE_MSG, type EngineState, type HumanizeMode } from '@plainspoken/shared';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';

/** What each mode does now: the model's real time when one is connected, the light edit otherwise. */
function modeHints(engine: EngineState | undefined): Record<HumanizeMode, string> {
  if (!engine) return { deep: 'best results, slower', lightning: 'faster' };
  return {
    deep: engine.model.deep ? ENGINE_MSG.deepWithModel(engine.modelSeconds.deep) : ENGINE_MSG.noModelShort,
    lightning: engine.model.lightning
      ? ENGINE_MSG.lightningWithModel(engine.modelSeconds.lightning)
      : ENGINE_MSG.noModelShort,
  };
}

export function ModeToggle({
  value,
  onChange,
  disabled,
  engine,
}: {
  value: HumanizeMode;
  onChange: (mode: HumanizeMode) => void;
  disabled?: boolean;
  /** The server's engine state; until it is known the spec's labels show. */
  engine?: EngineState;
}) {
  const hint = modeHints(engine);
  return (
    <ToggleGroup
      type="single"
      value={value}
      onValueChange={(v) => {
        // Radix sends '' when the active item is clicked again; a mode must always be chosen.
        if (v === 'deep' || v === 'lightning') onChange(v);
      }}
      aria-label="Mode"
      className="w-full sm:w-auto"
      disabled={disabled}
    >
      <ToggleGroupItem
        value="deep"
        aria-label={`Deep Humanize (${hint.deep})`}
        className="min-w-0 flex-col items-start! gap-0.5! px-2! py-2 text-left text-[13px]! max-sm:leading-normal sm:px-4! sm:text-sm! sm:whitespace-nowrap"
      >
        <span className="inline-flex items-center gap-1.5">
          <WandSparklesIcon aria-hidden="true" />
          Deep Humanize
        </span>
        <span className="text-xs font-normal text-muted-foreground sm:pl-6" data-testid="mode-hint-deep">
          {hint.deep}
        </span>
      </ToggleGroupItem>
      <ToggleGroupItem
        value="lightning"
        aria-label={`Lightning Mode (${hint.lightning})`}
        className="min-w-0 flex-col items-start! gap-0.5! px-2! py-2 text-left text-[13px]! max-sm:leading-normal sm:px-4! sm:text-sm! sm:whitespace-nowrap"
      >
        <span className="inline-flex items-center gap-1.5">
          <ZapIcon aria-hidden="true" />
          Lightning Mode
        </span>
        <span className="text-xs font-normal text-muted-foreground sm:pl-6" data-testid="mode-hint-lightning">
          {hint.lightning}
        </span>
      </ToggleGroupItem>
    </ToggleGroup>
  );
}
