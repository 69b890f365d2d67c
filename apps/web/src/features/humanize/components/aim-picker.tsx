import { useId } from 'react';
import { AIM_MSG, OUTSIDE_DETECTOR_NAMES, type OutsideDetectorId } from '@plainspoken/shared';

const selectClass =
  'h-9 w-0 min-w-0 max-w-full flex-1 rounded-md sm:w-auto border bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60';

const OURS = 'ours';

/**
 * "Aim at" for Deep (decision 0040): our own detector (the default) or one of the outside detectors the
 * server has set up. Without a model writing Deep the choice is off, with the reason beside it.
 */
export function AimPicker({
  value,
  onChange,
  detectors,
  noModel,
  disabled,
}: {
  value: OutsideDetectorId | null;
  onChange: (id: OutsideDetectorId | null) => void;
  detectors: readonly OutsideDetectorId[];
  noModel: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const off = noModel || Boolean(disabled);
  const current = !noModel && value && detectors.includes(value) ? value : OURS;
  return (
    <div className="grid min-w-0 gap-1.5" data-testid="aim-picker">
      <div className="flex w-full max-w-full min-w-0 flex-wrap items-center gap-x-2 gap-y-1 sm:w-auto">
        <label htmlFor={`${id}-aim`} className="text-sm font-medium whitespace-nowrap">
          {AIM_MSG.label}
        </label>
        <select
          id={`${id}-aim`}
          className={selectClass}
          value={current}
          disabled={off}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            const v = e.target.value;
            onChange(v === OURS ? null : (detectors.find((d) => d === v) ?? null));
          }}
        >
          <option value={OURS}>{AIM_MSG.ours}</option>
          {detectors.map((d) => (
            <option key={d} value={d}>
              {OUTSIDE_DETECTOR_NAMES[d]}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground" data-testid="aim-hint">
        {noModel ? AIM_MSG.needsModel : AIM_MSG.hint}
      </p>
    </div>
  );
}
