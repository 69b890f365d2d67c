/** Area under the ROC curve, ties counted half. */
export function auroc(xs: number[], ys: number[]): number {
  const o = xs.map((x, i) => [x, ys[i]!] as const).sort((a, b) => a[0] - b[0]);
  let np = 0,
    nn = 0,
    rank = 0,
    i = 0;
  while (i < o.length) {
    let j = i;
    while (j < o.length && o[j]![0] === o[i]![0]) j++;
    const mid = (i + j + 1) / 2;
    for (let k = i; k < j; k++)
      if (o[k]![1]) {
        rank += mid;
        np++;
      } else nn++;
    i = j;
  }
  return np && nn ? (rank - (np * (np + 1)) / 2) / (np * nn) : NaN;
}
