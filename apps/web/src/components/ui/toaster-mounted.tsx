import { useEffect, useState, type ComponentType } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';
import { EDGE, PHONE_EDGE, placeToasts, TOP_LIMIT, type Box, type Placement } from './toast-placement';

/*
 * The toast area's placement, loaded with the toast library when the first toast is asked for (so the first
 * load of a page carries none of it).
 */

/**
 * What toasts must not cover: every control in the page's main area (buttons, links, the text boxes, tabs)
 * and what is marked `data-toast-avoid` (the AI scores).
 */
const AVOID =
  'main button, main a[href], main input, main textarea, main select, main [role="tab"], [data-toast-avoid]';
/** A stack's height before it is drawn: one toast with a title and a line of text. */
const ESTIMATED_STACK = 88;

function onScreen(el: Element, height: number): Box | null {
  if (el.closest('[data-sonner-toaster]')) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= height) return null;
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
}

/** The stack's drawn height: from its highest toast's top to its lowest toast's bottom. */
function stackHeight(): number {
  const rects = [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')].map((t) =>
    t.getBoundingClientRect(),
  );
  if (rects.length === 0) return ESTIMATED_STACK;
  return Math.max(ESTIMATED_STACK, Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top)));
}

function measure(): Placement {
  const height = window.innerHeight;
  const avoid = [...document.querySelectorAll(AVOID)].flatMap((el) => onScreen(el, height) ?? []);
  const header = document.querySelector('header')?.getBoundingClientRect();
  const top = Math.max(TOP_LIMIT, header && header.bottom > 0 ? header.bottom + 8 : 0);
  return placeToasts({ width: window.innerWidth, height, stack: stackHeight(), avoid, top });
}

const same = (a: Placement, b: Placement) => a.anchor === b.anchor && a.side === b.side && a.offset === b.offset;

/** The placement, measured again as the page scrolls or resizes and while toasts are on screen. */
function usePlacement(): Placement {
  const [placement, setPlacement] = useState<Placement>(measure);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setPlacement((p) => ((n) => (same(p, n) ? p : n))(measure())));
    };
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // Content moves under toasts without a scroll (a result arrives, a toast grows): look again while any shows.
    const tick = setInterval(() => {
      if (document.querySelector('[data-sonner-toast]')) update();
    }, 150);
    update();
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(tick);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return placement;
}

/** The mounted toast area for the loaded library: at most `max` toasts, placed where they cover nothing. */
export function mountedToaster(Sonner: typeof SonnerToaster, max: number): ComponentType<{ onMounted: () => void }> {
  function Mounted({ onMounted }: { onMounted: () => void }) {
    const p = usePlacement();
    useEffect(onMounted, [onMounted]);
    const edge = p.anchor === 'bottom' ? { bottom: p.offset } : { top: p.offset };
    return (
      <Sonner
        theme="system"
        position={`${p.anchor}-${p.side}`}
        offset={{ left: EDGE, right: EDGE, ...edge }}
        mobileOffset={{ left: PHONE_EDGE, right: PHONE_EDGE, ...edge }}
        visibleToasts={max}
        richColors
        closeButton
        duration={5000}
        toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' } }}
      />
    );
  }
  return Mounted;
}
