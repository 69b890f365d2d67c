/** Seeded randomness: the engine never calls Math.random so a (text, seed) pair always gives the same output. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function hash32(...parts: (number | string)[]): number {
  return fnv1a(parts.map(String).join('\u0001'));
}

export type Rng = () => number;

/** mulberry32: small, fast and good enough for choosing among a handful of alternatives. */
export function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const i = Math.floor(rng() * items.length);
  return items[Math.min(i, items.length - 1)] as T;
}
