/** Scores arrive as a probability (0..1) or already as a percentage; both show as a whole percent. */
export function toPercent(score: number): number {
  if (!Number.isFinite(score)) return 0;
  const pct = score <= 1 ? score * 100 : score;
  return Math.round(Math.min(100, Math.max(0, pct)));
}

export function scoreTone(pct: number): 'high' | 'mid' | 'low' {
  if (pct >= 60) return 'high';
  if (pct >= 30) return 'mid';
  return 'low';
}
