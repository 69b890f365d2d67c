// The corpus as the fits read it: its texts, their features, and the weight each text has in a fit.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compact, type CompactCounts } from '../scorers.ts';
import { extract } from '../model.ts';
import { lmKeys } from '../lm.ts';
import { hashString, normalizeForFeatures } from '../text.ts';
import { isPlainProse } from '../lexicon.ts';
import { trainingConfig } from './config.ts';

export interface Doc {
  id: string;
  text: string;
  label: 'human' | 'ai';
  source: string;
  domain: string;
  generator: string;
  attack: string;
  group: string;
  file: string;
}

export interface Prepared {
  doc: Doc;
  y: number;
  fold: number;
  ngram: CompactCounts;
  skeleton: CompactCounts;
  stylo: number[];
  lm: string[];
  lmKeys: Uint32Array[];
  skel: string[];
  skelKeys: Uint32Array[];
}

/** Coarse genre of a corpus domain: essays, academic abstracts, question answers, reference articles, web prose. */
export function genreOf(domain: string): string {
  if (domain.startsWith('essay_')) return 'essay';
  if (domain.includes('abstract')) return 'academic';
  if (domain.startsWith('qa_')) return 'qa';
  if (domain === 'article_wikipedia' || domain === 'howto_wikihow') return 'reference';
  return 'web';
}

/**
 * Files whose line structure differs by label (corpus README: AI texts keep paragraphs and lists, human texts
 * are one paragraph): their texts are flattened to one paragraph for both labels, so the fit cannot learn
 * line breaks as a label.
 */
export const FLATTEN_FILES: ReadonlySet<string> = new Set(['l2r', 'biscope', 'prefix_continuations']);

export function flatten(text: string): string {
  return text.replace(/\s*\n+\s*/g, ' ');
}

export function loadCorpus(dir: string): Doc[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const docs: Doc[] = [];
  for (const f of files) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const o = JSON.parse(line) as Omit<Doc, 'file'>;
      const file = f.replace(/\.jsonl$/, '');
      docs.push({ ...o, text: FLATTEN_FILES.has(file) ? flatten(o.text) : o.text, file });
    }
  }
  return docs;
}

export function isNonNative(d: Doc): boolean {
  return d.label === 'human' && d.domain === 'essay_toefl_nonnative';
}

function prepareOne(doc: Doc, folds: number): Prepared {
  const x = extract(normalizeForFeatures(doc.text));
  return {
    doc,
    y: doc.label === 'ai' ? 1 : 0,
    fold: hashString(doc.group, 7) % folds,
    ngram: compact(x.ngram),
    skeleton: compact(x.skeleton),
    stylo: x.stylo,
    lm: x.lm,
    lmKeys: lmKeys(x.lm),
    skel: x.skel,
    skelKeys: lmKeys(x.skel),
  };
}

export function prepare(docs: Doc[], folds = trainingConfig().folds): Prepared[] {
  return docs.map((doc) => prepareOne(doc, folds));
}

/** Model family of a generator name, so that renamed snapshots of one model count as one generator. */
export function generatorFamily(g: string): string {
  const s = g.toLowerCase();
  if (s === 'human') return 'human';
  if (s.includes('gpt-4') && !s.includes('3.5')) return 'gpt-4';
  if (s.includes('gpt-3.5') || s.includes('chatgpt')) return 'gpt-3.5';
  if (s.includes('davinci')) return 'davinci';
  if (s.includes('llama')) return 'llama';
  if (s.includes('claude')) return 'claude';
  if (s.includes('flan') || s.includes('t5')) return 'flan-t5';
  return 'other-open';
}

/**
 * Class-balanced sample weights. Within a class each domain gets weight ∝ sqrt(size), so the many student
 * essays do not define "human" on their own; AI texts are balanced the same way over generator families as
 * well (GPT-3.5 wrote almost half of them), and non-native human essays count extra.
 */
export function sampleWeights(ps: Prepared[]): Float64Array {
  const config = trainingConfig();
  const dom = new Map<string, number>();
  const gen = new Map<string, number>();
  const key = (p: Prepared): string => `${p.y}|${p.doc.domain}`;
  const gkey = (p: Prepared): string => generatorFamily(p.doc.generator);
  for (const p of ps) {
    dom.set(key(p), (dom.get(key(p)) ?? 0) + 1);
    if (p.y) gen.set(gkey(p), (gen.get(gkey(p)) ?? 0) + 1);
  }
  const a = config.domainPower;
  const raw = ps.map(
    (p) =>
      dom.get(key(p))! ** -a *
      (p.y ? 1 / Math.sqrt(gen.get(gkey(p))!) : 1) *
      (isNonNative(p.doc) ? config.nonNativeWeight : 1) *
      (p.y && config.plainWeight !== 1 && isPlainProse(p.doc.text) ? config.plainWeight : 1),
  );
  let th = 0,
    ta = 0;
  ps.forEach((p, i) => {
    if (p.y) ta += raw[i]!;
    else th += raw[i]!;
  });
  return Float64Array.from(ps.map((p, i) => (raw[i]! / (p.y ? ta : th)) * 0.5 * ps.length));
}
