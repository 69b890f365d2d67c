/**
 * Where the toast stack goes (decision 0052): in a free stretch of the screen, never over a control or a
 * score. The candidates are columns (a phone: the full width; wider screens: the right edge, then the left);
 * in each, the stretches between the controls and scores on screen (8 px clear of them) that are tall enough
 * for the stack; the lowest such stretch wins, the right column before the left. When no stretch is free, the
 * spot that covers the least of them is taken.
 */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface Placement {
  /** The stack's edge that is pinned: its bottom (stack grows upwards) or its top. */
  anchor: 'top' | 'bottom';
  side: 'right' | 'left' | 'center';
  /** Distance of the pinned edge from the viewport's top or bottom edge (by `anchor`), px. */
  offset: number;
}

/** The sticky header is 64 px; toasts stay 8 px under it. */
export const TOP_LIMIT = 72;
/** Sonner's toast width on wider screens, and the margins it keeps from the edges. */
export const TOAST_WIDTH = 356;
export const EDGE = 24;
export const PHONE_EDGE = 12;
/** Below this width Sonner lays toasts across the screen (its mobile layout). */
export const PHONE_MAX_WIDTH = 600;
const BOTTOM_GAP = 16;
const CLEARANCE = 8;

export interface Scene {
  width: number;
  height: number;
  /** The stack's height (measured, or an estimate before it shows). */
  stack: number;
  /** Boxes of the controls and scores on screen, in viewport coordinates. */
  avoid: Box[];
  /** The highest a toast may go: under the sticky header (TOP_LIMIT unless the header is measured taller). */
  top?: number;
}

export function columns(width: number): { side: Placement['side']; left: number; right: number }[] {
  if (width < PHONE_MAX_WIDTH) return [{ side: 'center', left: PHONE_EDGE, right: width - PHONE_EDGE }];
  return [
    { side: 'right', left: width - EDGE - TOAST_WIDTH, right: width - EDGE },
    { side: 'left', left: EDGE, right: EDGE + TOAST_WIDTH },
  ];
}

export function placeToasts({ width, height, stack, avoid, top: ceilingTop = TOP_LIMIT }: Scene): Placement {
  const low = height - BOTTOM_GAP;
  let best: { placement: Placement; covered: number } | null = null;
  for (const col of columns(width)) {
    const blocks = avoid
      .filter((b) => b.right > col.left - CLEARANCE && b.left < col.right + CLEARANCE)
      .map((b) => ({ top: b.top - CLEARANCE, bottom: b.bottom + CLEARANCE }))
      .filter((b) => b.bottom > ceilingTop && b.top < low);
    // The free stretches between the merged blocks, lowest first.
    const merged: { top: number; bottom: number }[] = [];
    for (const b of [...blocks].sort((x, y) => x.top - y.top)) {
      const last = merged.at(-1);
      if (last && b.top <= last.bottom) last.bottom = Math.max(last.bottom, b.bottom);
      else merged.push({ ...b });
    }
    const stretches: { top: number; bottom: number }[] = [];
    let ceiling = ceilingTop;
    for (const m of merged) {
      if (m.top > ceiling) stretches.push({ top: ceiling, bottom: m.top });
      ceiling = Math.max(ceiling, m.bottom);
    }
    if (low > ceiling) stretches.push({ top: ceiling, bottom: low });
    stretches.reverse();
    const fit = stretches.find((s) => s.bottom - s.top >= stack);
    if (fit) {
      return fit.bottom === low
        ? { anchor: 'bottom', side: col.side, offset: BOTTOM_GAP }
        : { anchor: 'top', side: col.side, offset: Math.round(fit.bottom - stack) };
    }
    // Nothing free in this column: remember whichever end covers less.
    for (const placement of [
      { anchor: 'bottom', side: col.side, offset: BOTTOM_GAP },
      { anchor: 'top', side: col.side, offset: ceilingTop },
    ] as const) {
      const top = placement.anchor === 'bottom' ? low - stack : ceilingTop;
      const covered = blocks.reduce(
        (sum, b) => sum + Math.max(0, Math.min(b.bottom, top + stack) - Math.max(b.top, top)),
        0,
      );
      if (!best || covered < best.covered) best = { placement, covered };
    }
  }
  return best!.placement;
}
