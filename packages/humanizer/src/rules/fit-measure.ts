/**
 * "Never less correct than the input", measured: a fixed sample of corpus AI sentences, the light edit of each in both modes, the agreement and article problems each edit introduced,
 * and the word substitutions it made (so a reader can judge them). Only corpus ids and the substituted
 * words leave this module's callers; the corpus text stays local.
 */
import { loadCorpus } from '../corpus.ts';
import { localHumanize } from '../local/index.ts';
import { fnv1a } from '../rng.ts';
import type { Mode } from '../types.ts';
import { newProblems } from './grammar.ts';

export interface FitSentence {
  /** Corpus id and the sentence's index in its text: "<id>#<n>". */
  id: string;
  text: string;
}

export interface Substitution {
  id: string;
  mode: Mode;
  from: string;
  to: string;
}

/** Key of a substitution in the verdict file. */
export const substitutionKey = (s: Omit<Substitution, 'mode'>): string => `${s.id}|${s.from}|${s.to}`;

const SPLIT = /(?<=[.!?])\s+(?=[A-Z"\u201c])/;

/**
 * `n` sentences of 8 to 40 words evenly spread over the corpus's AI texts (attack none). The choice does not
 * depend on the lexicon, so the sample (and the verdicts kept for it) stays the same when the rules change.
 */
export function fitSentences(n = 300): FitSentence[] {
  const rows = loadCorpus().filter((r) => r.label === 'ai' && r.attack === 'none');
  const all: FitSentence[] = [];
  for (const r of rows) {
    r.text
      .split(/\n+/)
      .flatMap((p) => p.split(SPLIT))
      .forEach((s, i) => {
        const t = s.trim();
        const words = t.split(/\s+/).length;
        if (words >= 8 && words <= 40 && /[.!?]$/.test(t)) all.push({ id: `${r.id}#${i}`, text: t });
      });
  }
  if (all.length <= n) return all;
  const step = all.length / n;
  // Half a step in: the sentences between those the lexicon was first tuned on.
  return Array.from({ length: n }, (_, i) => all[Math.floor((i + 0.5) * step)]!);
}

/** Tells whose replacement must agree with a subject or keep an article (the failures). */
const AGREEMENT_TELLS =
  /\b(?:plays?|played) an? (?:crucial|vital|pivotal|key|significant|important|critical|essential) role in\b|\bcannot be overstated\b|\bleaves? a lasting (?:impact|impression)\b|\bharness(?:es|ed|ing)? the power of\b|\bcutting-edge\b/i;

/** Every corpus AI sentence (up to 60 words) holding such a tell: where agreement and article edits happen. */
export function agreementSentences(): FitSentence[] {
  const out: FitSentence[] = [];
  for (const r of loadCorpus().filter((x) => x.label === 'ai' && x.attack === 'none')) {
    r.text
      .split(/\n+/)
      .flatMap((p) => p.split(SPLIT))
      .forEach((t, i) => {
        const s = t.trim();
        if (AGREEMENT_TELLS.test(s) && s.split(/\s+/).length <= 60) out.push({ id: `${r.id}#${i}`, text: s });
      });
  }
  return out;
}

const norm = (w: string): string => w.toLowerCase().replace(/^[^\w']+|[^\w']+$/g, '');

/** The replaced word runs between two texts (an LCS over words; punctuation-only changes are left out). */
export function substitutions(before: string, after: string): { from: string; to: string }[] {
  const a = before.split(/\s+/).filter(Boolean);
  const b = after.split(/\s+/).filter(Boolean);
  const na = a.map(norm);
  const nb = b.map(norm);
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      dp[i]![j] = na[i] === nb[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const out: { from: string; to: string }[] = [];
  let i = 0;
  let j = 0;
  let fa: string[] = [];
  let fb: string[] = [];
  const flush = (): void => {
    const from = fa.map(norm).join(' ');
    const to = fb.map(norm).join(' ');
    if (from !== to) out.push({ from, to });
    fa = [];
    fb = [];
  };
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && na[i] === nb[j]) {
      flush();
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || dp[i]![j + 1]! >= dp[i + 1]![j]!)) fb.push(b[j++]!);
    else fa.push(a[i++]!);
  }
  flush();
  return out;
}

export interface FitResult {
  mode: Mode;
  sentences: number;
  changed: number;
  /** Agreement or article problems the edits introduced (rules/grammar.ts), with the sentence id. */
  introduced: { id: string; problem: string }[];
  subs: Substitution[];
  outputs: { id: string; before: string; after: string }[];
}

export function measureFit(sample: FitSentence[], mode: Mode, seed = 1): FitResult {
  const res: FitResult = { mode, sentences: sample.length, changed: 0, introduced: [], subs: [], outputs: [] };
  for (const s of sample) {
    const after = localHumanize(s.text, mode, { seed, deadline: Date.now() + 30_000 }).text;
    res.outputs.push({ id: s.id, before: s.text, after });
    if (after === s.text) continue;
    res.changed++;
    for (const p of newProblems(s.text, after)) res.introduced.push({ id: s.id, problem: p });
    for (const sub of substitutions(s.text, after)) res.subs.push({ id: s.id, mode, ...sub });
  }
  return res;
}

export interface Verdict extends Substitution {
  natural: boolean;
  note?: string;
}

/**
 * The substitutions to hand-check: `n` distinct ones (by corpus id, words out and words in) with the lowest
 * hash of their key, so the choice stays put when other substitutions come or go.
 */
export function verdictSample(subs: Substitution[], n = 100): Substitution[] {
  const seen = new Map<string, Substitution>();
  for (const s of subs) if (!seen.has(substitutionKey(s))) seen.set(substitutionKey(s), s);
  return [...seen.entries()]
    .sort((a, b) => fnv1a(a[0]) - fnv1a(b[0]))
    .slice(0, n)
    .map((e) => e[1]);
}

/** Natural share of the sample's judged substitutions, and how many of the sample have no verdict yet. */
export function judge(
  sample: Substitution[],
  verdicts: Verdict[],
): { judged: number; natural: number; unjudged: Substitution[] } {
  const byKey = new Map(verdicts.map((v) => [substitutionKey(v), v]));
  let judged = 0;
  let natural = 0;
  const unjudged: Substitution[] = [];
  for (const s of sample) {
    const v = byKey.get(substitutionKey(s));
    if (!v) {
      unjudged.push(s);
      continue;
    }
    judged++;
    if (v.natural) natural++;
  }
  return { judged, natural, unjudged };
}
