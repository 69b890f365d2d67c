export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  totalMs: number;
}

/** Whole days, hours, minutes and seconds left until `end`, never negative. */
export function remainingUntil(end: number, now: number): Remaining {
  const totalMs = Math.max(0, end - now);
  const s = Math.floor(totalMs / 1000);
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
    seconds: s % 60,
    totalMs,
  };
}
