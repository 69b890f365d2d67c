/**
 * A single-choice segmented control: a radio group of buttons with a roving focus (arrow keys, Home and
 * End move between items; Space or Enter picks). Built here rather than on Radix's toggle group, which
 * brought ~7 KB gzip of focus machinery to the first load of the home and pricing pages. Same props as
 * before for the parts the app uses: type="single", value, onValueChange, disabled, aria-label.
 */
import { createContext, useContext, useRef, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';

interface GroupState {
  value: string;
  disabled: boolean;
  select: (value: string) => void;
}

const GroupContext = createContext<GroupState | null>(null);

type ToggleGroupProps = Omit<ComponentProps<'div'>, 'onChange' | 'defaultValue'> & {
  type: 'single';
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
};

export function ToggleGroup({
  className,
  type: _type,
  value,
  onValueChange,
  disabled = false,
  children,
  ...props
}: ToggleGroupProps) {
  const ref = useRef<HTMLDivElement>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]:not(:disabled)') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0 || items.length === 0) return;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? (at + 1) % items.length
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? (at - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    items[next]!.focus();
  };

  return (
    <GroupContext.Provider value={{ value, disabled, select: onValueChange }}>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- as in the ARIA radio group pattern, focus moves among the radios inside (arrow keys); the group is no tab stop */}
      <div
        ref={ref}
        role="radiogroup"
        aria-disabled={disabled || undefined}
        className={cn('inline-flex items-stretch gap-1 rounded-xl border bg-muted p-1', className)}
        onKeyDown={onKeyDown}
        {...props}
      >
        {children}
      </div>
    </GroupContext.Provider>
  );
}

type ToggleGroupItemProps = Omit<ComponentProps<'button'>, 'value'> & { value: string };

export function ToggleGroupItem({ className, value, disabled, onClick, ...props }: ToggleGroupItemProps) {
  const group = useContext(GroupContext);
  if (!group) throw new Error('ToggleGroupItem must be inside a ToggleGroup');
  const checked = group.value === value;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      data-state={checked ? 'on' : 'off'}
      // One stop in the tab order: the chosen item.
      tabIndex={checked ? 0 : -1}
      disabled={disabled ?? group.disabled}
      className={cn(
        'inline-flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-sm [&_svg]:size-4',
        className,
      )}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented && !checked) group.select(value);
      }}
      {...props}
    />
  );
}
