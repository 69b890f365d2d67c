import { XIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/utils';
import { usePulse } from '../lib/use-clock';

/** The slot under the header (root layout) where narrow screens show the offer in the page's flow. */
export const PROMO_SLOT_ID = 'promo-slot';

function useSlot(): HTMLElement | null {
  const [el, setEl] = useState<HTMLElement | null>(null);
  // The slot is in the DOM only once the layout has committed, so it is looked up after mount.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- reading the DOM after commit is what an effect is for
  useEffect(() => setEl(document.getElementById(PROMO_SLOT_ID)), []);
  return el;
}

/**
 * The entry to an offer once its dialog is closed. It never covers content or controls:
 * - from 1280 px the page's content (72rem wide) leaves a gutter, and a slim vertical tab sits at the
 *   window's left edge inside it (`edge` picks the middle or the bottom);
 * - below that it is a strip in the page's flow under the header, taking its own room.
 * Both have a close button that hides the offer for this tab session.
 */
export function FloatingPromoButton({
  onClick,
  onDismiss,
  label,
  tabLabel,
  children,
  stripText,
  edge,
  pulseEveryMs,
  pulseForMs,
  testId,
}: {
  onClick: () => void;
  onDismiss: () => void;
  label: string;
  /** The tab's visible words: its name starts with them (what a voice user says). */
  tabLabel: string;
  /** The tab's short text (icon + a few words). */
  children: ReactNode;
  /** The strip's one line on narrow screens; the button's name is this line, then `label`. */
  stripText: ReactNode;
  edge: 'middle' | 'bottom';
  pulseEveryMs: number;
  pulseForMs: number;
  testId: string;
}) {
  const pulsing = usePulse(pulseEveryMs, pulseForMs);
  const slot = useSlot();
  return (
    <>
      <div
        className={cn(
          'fixed left-0 z-40 hidden flex-col items-center overflow-hidden rounded-r-xl bg-primary text-primary-foreground shadow-lg transition-transform duration-300 min-[1280px]:flex motion-reduce:transition-none',
          edge === 'middle' ? 'top-1/2 -translate-y-1/2' : 'bottom-6',
          pulsing && 'translate-x-1 ring-4 ring-primary/30 motion-reduce:translate-x-0',
        )}
      >
        <button
          type="button"
          onClick={onClick}
          aria-label={`${tabLabel}: ${label}`}
          data-testid={testId}
          data-pulsing={pulsing ? 'true' : 'false'}
          className="flex cursor-pointer items-center gap-1.5 px-2 py-3 text-xs font-semibold outline-none [writing-mode:vertical-rl] hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset [&_svg]:rotate-90"
        >
          {children}
        </button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={`Hide: ${label.replace(/^Open /, '')} (for this session)`}
          className="flex w-full cursor-pointer justify-center border-t border-white/20 py-1.5 outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        >
          <XIcon className="size-3.5" aria-hidden="true" />
        </button>
      </div>
      {slot &&
        createPortal(
          <div
            data-testid={`${testId}-strip`}
            className="border-b bg-accent text-accent-foreground min-[1280px]:hidden"
          >
            <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-1.5 text-sm min-[420px]:px-4 sm:px-6">
              <button
                type="button"
                onClick={onClick}
                className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md py-1 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0"
              >
                {stripText}
                <span className="sr-only">: {label}</span>
              </button>
              <button
                type="button"
                onClick={onDismiss}
                aria-label={`Hide: ${label.replace(/^Open /, '')} (for this session)`}
                className="flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md outline-none hover:bg-black/5 focus-visible:ring-2 focus-visible:ring-ring"
              >
                <XIcon className="size-4" aria-hidden="true" />
              </button>
            </div>
          </div>,
          slot,
        )}
    </>
  );
}
