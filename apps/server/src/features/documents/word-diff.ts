/**
 * The changes between an original and its rewrite, for the tracked-changes Word file: blocks paired around
 * the ones that stayed, and each pair diffed word by word (the `diff` package's array diff over the tokens).
 */
import { diffArrays } from 'diff';
import type { TextBlock } from '@plainspoken/shared';

export type Op = { kind: 'eq' | 'del' | 'ins'; text: string };

const TOKEN = /\s+|[\p{L}\p{N}\p{M}_'\u2019-]+|[^\s\p{L}\p{N}\p{M}_'\u2019-]/gu;
const tokens = (s: string): string[] => s.match(TOKEN) ?? [];
/** The largest table (original tokens × result tokens) one block is diffed with; beyond it, one change. */
const MAX_CELLS = 4_000_000;

/** Word-level diff of two strings: whitespace runs, words and single marks are the tokens. */
export function diffTokens(a: string, b: string): Op[] {
  const x = tokens(a);
  const y = tokens(b);
  let pre = 0;
  while (pre < x.length && pre < y.length && x[pre] === y[pre]) pre++;
  let suf = 0;
  while (suf < x.length - pre && suf < y.length - pre && x[x.length - 1 - suf] === y[y.length - 1 - suf]) suf++;
  const xs = x.slice(pre, x.length - suf);
  const ys = y.slice(pre, y.length - suf);
  const ops: Op[] = [];
  const push = (kind: Op['kind'], text: string) => {
    const last = ops.at(-1);
    if (last?.kind === kind) last.text += text;
    else if (text) ops.push({ kind, text });
  };
  push('eq', x.slice(0, pre).join(''));
  if (xs.length * ys.length > MAX_CELLS) {
    push('del', xs.join(''));
    push('ins', ys.join(''));
  } else
    // Diffed result against original, so that of two equally short ways an insertion comes first.
    for (const c of diffArrays(ys, xs)) push(c.added ? 'del' : c.removed ? 'ins' : 'eq', c.value.join(''));
  push('eq', x.slice(x.length - suf).join(''));
  return ops;
}

/** A block's content as runs of unchanged text and changes (a deletion and/or an insertion). */
export type Piece = { kind: 'same'; text: string } | { kind: 'change'; del: string; ins: string; at: number };

/** Equal stretches this small between two changes join them into one phrase ("plays a pivotal role"). */
const isGlue = (s: string): boolean => /^\s*$/.test(s) || /^\s+[\p{L}]{1,3}\s+$/u.test(s);

export function pieces(a: string, b: string): Piece[] {
  const out: Piece[] = [];
  let at = 0; // offset in `a`
  const ops = diffTokens(a, b);
  for (let k = 0; k < ops.length; k++) {
    const op = ops[k]!;
    const last = out.at(-1);
    if (op.kind === 'eq') {
      const next = ops[k + 1];
      if (last?.kind === 'change' && next && next.kind !== 'eq' && isGlue(op.text)) {
        last.del += op.text;
        last.ins += op.text;
      } else out.push({ kind: 'same', text: op.text });
      at += op.text.length;
      continue;
    }
    const change = last?.kind === 'change' ? last : null;
    const target = change ?? { kind: 'change' as const, del: '', ins: '', at };
    if (!change) out.push(target);
    if (op.kind === 'del') {
      target.del += op.text;
      at += op.text.length;
    } else target.ins += op.text;
  }
  return out;
}

export type Pair = { a: TextBlock | null; b: TextBlock | null };

/** Pairs the original's blocks with the result's: equal blocks anchor, the blocks between pair in order. */
export function pairBlocks(a: TextBlock[], b: TextBlock[]): Pair[] {
  const same = (x: TextBlock, y: TextBlock) => x.text === y.text && x.kind === y.kind;
  const pairs: Pair[] = [];
  let gapA: TextBlock[] = [];
  let gapB: TextBlock[] = [];
  const flush = () => {
    const k = Math.max(gapA.length, gapB.length);
    for (let t = 0; t < k; t++) pairs.push({ a: gapA[t] ?? null, b: gapB[t] ?? null });
    gapA = [];
    gapB = [];
  };
  let i = 0;
  let j = 0;
  for (const c of diffArrays(a, b, { comparator: same })) {
    if (c.removed) gapA.push(...a.slice(i, (i += c.count)));
    else if (c.added) gapB.push(...b.slice(j, (j += c.count)));
    else {
      flush();
      for (let t = 0; t < c.count; t++) pairs.push({ a: a[i++]!, b: b[j++]! });
    }
  }
  flush();
  return pairs;
}
