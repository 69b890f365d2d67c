import { describe, expect, it } from 'vitest';
import { columns, placeToasts, TOP_LIMIT, type Box } from './toast-placement';

const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });

/** The stack's box for a placement, as Sonner draws it. */
function stackBox(width: number, height: number, stack: number, p: ReturnType<typeof placeToasts>): Box {
  const col = columns(width).find((c) => c.side === p.side)!;
  const top = p.anchor === 'bottom' ? height - p.offset - stack : p.offset;
  return { left: col.left, right: col.right, top, bottom: top + stack };
}
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('placeToasts', () => {
  it('keeps the bottom-right corner when nothing is there', () => {
    expect(placeToasts({ width: 1280, height: 800, stack: 80, avoid: [box(100, 200, 600, 260)] })).toEqual({
      anchor: 'bottom',
      side: 'right',
      offset: 16,
    });
  });

  it('moves above a score or button that sits in the bottom-right corner', () => {
    const score = box(900, 700, 1250, 780);
    const p = placeToasts({ width: 1280, height: 800, stack: 80, avoid: [score] });
    expect(p.side).toBe('right');
    expect(overlaps(stackBox(1280, 800, 80, p), score)).toBe(false);
  });

  it('on a phone, finds the free stretch between the input box and the buttons', () => {
    const avoid = [box(16, 64, 374, 400), box(16, 520, 374, 844)];
    const p = placeToasts({ width: 390, height: 844, stack: 90, avoid });
    expect(p.side).toBe('center');
    const s = stackBox(390, 844, 90, p);
    for (const b of avoid) expect(overlaps(s, b)).toBe(false);
    expect(s.top).toBeGreaterThanOrEqual(TOP_LIMIT);
  });

  it('uses the left edge when the right one is full', () => {
    const avoid = [box(900, 0, 1280, 800)];
    expect(placeToasts({ width: 1280, height: 800, stack: 80, avoid }).side).toBe('left');
  });

  it('with no free stretch, covers as little as it can', () => {
    const avoid = [box(0, 72, 390, 700), box(0, 760, 390, 844)];
    const p = placeToasts({ width: 390, height: 844, stack: 120, avoid });
    expect(p).toEqual({ anchor: 'bottom', side: 'center', offset: 16 });
  });

  it('never places a stack over any box, on random screens with room for it', () => {
    let seed = 11;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let k = 0; k < 500; k++) {
      const width = [390, 360, 1280, 1440][rnd(4)]!;
      const height = 700 + rnd(200);
      const avoid = Array.from({ length: rnd(6) }, () => {
        const left = rnd(width);
        const top = rnd(height);
        return box(left, top, left + 20 + rnd(300), top + 10 + rnd(150));
      });
      const stack = 60 + rnd(80);
      const p = placeToasts({ width, height, stack, avoid });
      const s = stackBox(width, height, stack, p);
      const free = columns(width).some((c) => {
        // Brute force: is there any free spot of the stack's height in this column?
        for (let top = TOP_LIMIT; top + stack <= height - 16; top++) {
          const b = { left: c.left, right: c.right, top, bottom: top + stack };
          if (
            !avoid.some((a) =>
              overlaps(b, { ...a, top: a.top - 8, bottom: a.bottom + 8, left: a.left - 8, right: a.right + 8 }),
            )
          )
            return true;
        }
        return false;
      });
      if (free)
        for (const a of avoid) expect(overlaps(s, a), JSON.stringify({ width, height, stack, avoid, p })).toBe(false);
    }
  });
});

describe('placeToasts under a taller header', () => {
  it('keeps the stack below the header it is given', () => {
    const avoid = [box(0, 200, 390, 844)];
    const p = placeToasts({ width: 390, height: 844, stack: 80, avoid, top: 100 });
    expect(p.anchor).toBe('top');
    expect(p.offset).toBeGreaterThanOrEqual(100);
    expect(p.offset + 80).toBeLessThanOrEqual(200 - 8);
  });
});
