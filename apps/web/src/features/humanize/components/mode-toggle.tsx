import { WandSparklesIcon, ZapIcon } from 'lucide-react';
import type { HumanizeMode } from '@plainspoken/shared';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';

export function ModeToggle({
  value,
  onChange,
  disabled,
}: {
  value: HumanizeMode;
  onChange: (mode: HumanizeMode) => void;
  disabled?: boolean;
}) {
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
        aria-label="Deep Humanize (best results, slower)"
        className="min-w-0 flex-col items-start! gap-0.5! px-2! py-2 text-left text-[13px]! max-sm:leading-normal sm:px-4! sm:text-sm! sm:whitespace-nowrap"
      >
        <span className="inline-flex items-center gap-1.5">
          <WandSparklesIcon aria-hidden="true" />
          Deep Humanize
        </span>
        <span className="text-xs font-normal text-muted-foreground sm:pl-6">best results, slower</span>
      </ToggleGroupItem>
      <ToggleGroupItem
        value="lightning"
        aria-label="Lightning Mode (faster)"
        className="min-w-0 flex-col items-start! gap-0.5! px-2! py-2 text-left text-[13px]! max-sm:leading-normal sm:px-4! sm:text-sm! sm:whitespace-nowrap"
      >
        <span className="inline-flex items-center gap-1.5">
          <ZapIcon aria-hidden="true" />
          Lightning Mode
        </span>
        <span className="text-xs font-normal text-muted-foreground sm:pl-6">faster</span>
      </ToggleGroupItem>
    </ToggleGroup>
  );
}
