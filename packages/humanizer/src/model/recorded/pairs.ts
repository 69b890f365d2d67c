import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCorpus, type CorpusRow } from '../../corpus.ts';

/**
 * Real rewrites written by real models, paired with the text they rewrite, read from the development
 * corpus at run time (CORPUS_DIR or ../shared/corpus; nothing from it is committed). Pairs share `group`.
 * Where a group holds several candidate originals (OUTFOX: every essay on the same problem statement), the
 * original is the one whose words the rewrite shares most, and a rewrite that shares too few words with any
 * of them is not a rewrite of a recorded text and is left out (counted in `skipped`).
 */
export const PAIR_KINDS = [
  'mixset-rewrite',
  'mixset-humanize',
  'polish',
  'simplify',
  'dipper',
  'evasion',
  'l2r-gpt-4o',
  'l2r-gemini',
  'l2r-llama',
] as const;
export type PairKind = (typeof PAIR_KINDS)[number];

export interface Pair {
  id: string;
  kind: PairKind;
  original: string;
  rewrite: string;
  domain: string;
}

const words = (s: string): Set<string> => new Set(s.toLowerCase().match(/[a-z][a-z']{2,}/g) ?? []);

function jaccard(a: Set<string>, b: Set<string>): number {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / Math.max(1, a.size + b.size - inter);
}

/** Shared words under this: the "rewrite" was written for the same prompt, not from this text. */
const MIN_PAIR_JACCARD = 0.15;
/** With several candidate originals, the chosen one must share this many times more words than the next. */
const MIN_MARGIN = 1.5;

function kindOf(r: CorpusRow): PairKind | null {
  switch (r.attack) {
    case 'gpt4_rewrite_of_human_text':
      return 'mixset-rewrite';
    case 'gpt4_humanize_of_ai_text':
      return 'mixset-humanize';
    case 'gpt4_polish_of_human_text':
      return 'polish';
    case 'gpt_simplify_of_human_text':
      return 'simplify';
    case 'dipper':
      return 'dipper';
    case 'outfox_attack':
      return 'evasion';
    case 'llm_rewrite_of_human_text':
      if (!r.id.startsWith('l2r')) return null;
      return r.generator === 'gpt-4o' ? 'l2r-gpt-4o' : r.generator === 'gemini-1.5-pro' ? 'l2r-gemini' : 'l2r-llama';
    default:
      return null;
  }
}

export interface PairSet {
  pairs: Pair[];
  /** Rewrites left out, by kind, because no original in their group shares enough words. */
  skipped: Partial<Record<PairKind, number>>;
}

/**
 * A web address (also written "www(dot)example(dot)com"), or the placeholder a model writes for one it made up
 * ("fake link", "not a real link"). Deliberately not the faithfulness check's own link rule: what is left out of
 * the check's figures must not be decided by the check.
 */
const WEB_ADDRESS =
  /\bhttps?:\/\/\S+|\bwww\.\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|co|edu|gov|blog|info)\b|\bfake[- ]?(?:blog[- ]?)?link\b|\bnot a real (?:link|site|website|url)\b|\(dot\)(?:com|org|net)\b/i;

/**
 * Why a recorded rewrite is not a faithful rewrite of its original, or null. One reason is known in the
 * corpus: MixSet's "make it sound human" rewrites (GPT-4) were asked for web links and add made-up ones (40 of
 * 56), an invented source a reader would object to. These are left out of the "faithful rewrites" figures
 * (and listed); the recorded provider still serves them.
 */
export function factChange(p: Pair): string | null {
  if (WEB_ADDRESS.test(p.rewrite) && !WEB_ADDRESS.test(p.original))
    return 'adds a web link the original does not have (a made-up source)';
  const read = readByHand().get(p.id);
  if (read) return `read by hand: ${FACT_CHANGE_CATEGORIES[read.category]}`;
  return null;
}

/** What a recorded rewrite read by hand does to the original (`fact-changes.json`). */
export const FACT_CHANGE_CATEGORIES = {
  number: 'a number, amount or date changed or dropped',
  name: 'a name changed or dropped',
  reversed: 'a claim reversed',
  invented: 'a fact added that the original does not state',
  'left-out': 'a statement of substance left out',
  quote: 'quoted words changed',
} as const;
export type FactChangeCategory = keyof typeof FACT_CHANGE_CATEGORIES;
export interface FactChangeEntry {
  category: FactChangeCategory;
  reason: string;
}

let byHand: Map<string, FactChangeEntry> | null = null;

/**
 * Recorded rewrites read by hand against their original and found to change what it says, by corpus id, with
 * the change in words (no text of the corpus). Every rewrite the check set aside was read (329); the 249 that
 * change a fact are listed. The rewrites it used were not all read: a fixed sample of 80 was read the same way
 * (docs/faithfulness-rounds.md, eighth round), so the rewrites counted as faithful still include some that are not.
 */
export function readByHand(): ReadonlyMap<string, FactChangeEntry> {
  if (byHand) return byHand;
  const file = fileURLToPath(new URL('./fact-changes.json', import.meta.url));
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, FactChangeEntry>;
  byHand = new Map(Object.entries(raw));
  return byHand;
}

let cached: PairSet | null = null;

/** Every recorded pair, in corpus order (empty when the corpus is absent). */
export function loadPairs(): PairSet {
  if (cached) return cached;
  const rows = loadCorpus(['mixset.jsonl', 'detector_bias.jsonl', 'outfox.jsonl', 'l2r.jsonl']);
  const byGroup = new Map<string, CorpusRow[]>();
  for (const r of rows) {
    const key = `${r.id.split('-')[0] ?? ''}:${r.group}`;
    const g = byGroup.get(key);
    if (g) g.push(r);
    else byGroup.set(key, [r]);
  }
  const pairs: Pair[] = [];
  const skipped: Partial<Record<PairKind, number>> = {};
  for (const r of rows) {
    const kind = kindOf(r);
    if (!kind) continue;
    const group = byGroup.get(`${r.id.split('-')[0] ?? ''}:${r.group}`) ?? [];
    // The original: a plain text of the group (human for rewrites of human text; the AI text for
    // humanize, DIPPER and evasion rewrites), nearest by shared words.
    const wantLabel = kind === 'mixset-humanize' || kind === 'dipper' || kind === 'evasion' ? 'ai' : 'human';
    const candidates = group.filter((o) => o !== r && o.attack === 'none' && o.label === wantLabel);
    const rw = words(r.text);
    let best: CorpusRow | null = null;
    let bestSim = -1;
    let second = 0;
    for (const c of candidates) {
      const s = jaccard(rw, words(c.text));
      if (s > bestSim) {
        second = Math.max(second, bestSim);
        bestSim = s;
        best = c;
      } else second = Math.max(second, s);
    }
    const ambiguous = candidates.length > 1 && (bestSim < MIN_PAIR_JACCARD || bestSim < MIN_MARGIN * second);
    if (!best || ambiguous) {
      skipped[kind] = (skipped[kind] ?? 0) + 1;
      continue;
    }
    pairs.push({ id: r.id, kind, original: best.text, rewrite: r.text, domain: r.domain });
  }
  cached = { pairs, skipped };
  return cached;
}

/**
 * A small fixed subset for tests: the first `perKind` pairs of each kind in corpus order whose original
 * is at most `maxWords` words.
 */
export function pairSubset(perKind: number, maxWords = 400): Pair[] {
  const out: Pair[] = [];
  const count = new Map<PairKind, number>();
  for (const p of loadPairs().pairs) {
    if ((count.get(p.kind) ?? 0) >= perKind) continue;
    if (p.original.split(/\s+/).length > maxWords) continue;
    out.push(p);
    count.set(p.kind, (count.get(p.kind) ?? 0) + 1);
  }
  return out;
}
