export type DiffPart = { type: 'same' | 'added' | 'removed'; text: string };

/** Above this many cells the full LCS table costs too much memory; the middle is then shown as replaced. */
const MAX_CELLS = 4_000_000;

function push(parts: DiffPart[], type: DiffPart['type'], word: string) {
  const last = parts[parts.length - 1];
  if (last && last.type === type) last.text += ` ${word}`;
  else parts.push({ type, text: word });
}

/** A word-level diff (longest common subsequence) of the original and the rewrite. */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = before.split(/\s+/).filter(Boolean);
  const b = after.split(/\s+/).filter(Boolean);
  const parts: DiffPart[] = [];

  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  for (let i = 0; i < start; i++) push(parts, 'same', a[i] as string);

  const n = endA - start;
  const m = endB - start;
  if (n * m > MAX_CELLS) {
    for (let i = start; i < endA; i++) push(parts, 'removed', a[i] as string);
    for (let j = start; j < endB; j++) push(parts, 'added', b[j] as string);
  } else if (n > 0 || m > 0) {
    const w = m + 1;
    const table = new Uint32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        table[i * w + j] =
          a[start + i] === b[start + j]
            ? (table[(i + 1) * w + j + 1] as number) + 1
            : Math.max(table[(i + 1) * w + j] as number, table[i * w + j + 1] as number);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (a[start + i] === b[start + j]) {
        push(parts, 'same', a[start + i] as string);
        i++;
        j++;
      } else if ((table[(i + 1) * w + j] as number) >= (table[i * w + j + 1] as number)) {
        push(parts, 'removed', a[start + i] as string);
        i++;
      } else {
        push(parts, 'added', b[start + j] as string);
        j++;
      }
    }
    for (; i < n; i++) push(parts, 'removed', a[start + i] as string);
    for (; j < m; j++) push(parts, 'added', b[start + j] as string);
  }
  for (let i = endA; i < a.length; i++) push(parts, 'same', a[i] as string);
  return parts;
}

export function changedShare(parts: DiffPart[]): number {
  let same = 0;
  let added = 0;
  for (const p of parts) {
    const words = p.text.split(' ').length;
    if (p.type === 'same') same += words;
    else if (p.type === 'added') added += words;
  }
  const total = same + added;
  return total === 0 ? 0 : added / total;
}
