import { useId } from 'react';
import {
  ENGINE_MSG,
  MODEL_ONLY_LEVELS,
  MODEL_ONLY_TONES,
  LIGHT_EDIT_LEVELS,
  LIGHT_EDIT_TONES,
  READING_LEVEL_LABELS,
  READING_LEVELS,
  TONE_LABELS,
  WRITING_MSG,
  WRITING_TONES,
  type WritingOptions as Options,
} from '@plainspoken/shared';

const selectClass =
  'h-9 w-0 min-w-0 max-w-full flex-1 rounded-md sm:w-auto border bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60';

/**
 * Tone and reading level for the rewrite; options only a full rewrite can follow say so. With no model
 * connected (`noModel`) those options are disabled with the reason, and the server would refuse them.
 */
export function WritingOptionsPicker({
  value,
  onChange,
  disabled,
  noModel,
}: {
  value: Options;
  onChange: (o: Options) => void;
  disabled?: boolean;
  noModel?: boolean;
}) {
  const id = useId();
  const toneOff = (t: Options['tone']): boolean => Boolean(noModel) && MODEL_ONLY_TONES.includes(t);
  const levelOff = (l: Options['readingLevel']): boolean => Boolean(noModel) && MODEL_ONLY_LEVELS.includes(l);
  return (
    <div className="grid min-w-0 gap-1.5" data-testid="writing-options">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex w-full max-w-full min-w-0 items-center gap-2 sm:w-auto">
          <label htmlFor={`${id}-tone`} className="text-sm font-medium whitespace-nowrap">
            Tone
          </label>
          <select
            id={`${id}-tone`}
            className={selectClass}
            value={value.tone}
            disabled={disabled}
            aria-describedby={`${id}-hint`}
            onChange={(e) => onChange({ ...value, tone: e.target.value as Options['tone'] })}
          >
            {WRITING_TONES.map((t) => (
              <option key={t} value={t} disabled={toneOff(t)}>
                {TONE_LABELS[t]}
                {toneOff(t)
                  ? ` · ${ENGINE_MSG.modelOnlyReason}`
                  : LIGHT_EDIT_TONES.includes(t)
                    ? ''
                    : ` · ${WRITING_MSG.needsFullRewrite}`}
              </option>
            ))}
          </select>
        </div>
        <div className="flex w-full max-w-full min-w-0 items-center gap-2 sm:w-auto">
          <label htmlFor={`${id}-level`} className="text-sm font-medium whitespace-nowrap">
            Reading level
          </label>
          <select
            id={`${id}-level`}
            className={selectClass}
            value={value.readingLevel}
            disabled={disabled}
            aria-describedby={`${id}-hint`}
            onChange={(e) => onChange({ ...value, readingLevel: e.target.value as Options['readingLevel'] })}
          >
            {READING_LEVELS.map((l) => (
              <option key={l} value={l} disabled={levelOff(l)}>
                {READING_LEVEL_LABELS[l]}
                {levelOff(l)
                  ? ` · ${ENGINE_MSG.modelOnlyReason}`
                  : LIGHT_EDIT_LEVELS.includes(l)
                    ? ''
                    : ` · ${WRITING_MSG.needsFullRewrite}`}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {noModel ? ENGINE_MSG.pickerNoModel : WRITING_MSG.pickerHint}
      </p>
    </div>
  );
}
