import { OPENERS, PHRASES } from './data/phrases.ts';
import { TELL_SURFACES } from './rules/words.ts';

/**
 * A small heuristic stand-in with the detector package's API shape. It is only used when
 * @plainspoken/detector cannot be loaded, so the engine keeps working (and its tests keep running) while
 * that package is being built. Scores are 0-100 like the real detector's; flagged at 50.
 */
export interface SentenceScore { text: string; start: number; end: number; score: number; flagged: boolean; features: string[] }
export interface Detection { score: number; flagged: boolean; sentences: SentenceScore[]; families: Record<string, number> }

export const FAMILY_NAMES = ['vocabulary', 'phrasing', 'rhythm', 'punctuation'] as const;

export function splitSentences(text: string): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  const re = /[^.!?\n]+(?:[.!?]+["'\u201d\u2019)]*|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const lead = m[0].length - m[0].trimStart().length;
    const t = m[0].trim();
    if (t) out.push({ text: t, start: m.index + lead, end: m.index + lead + t.length });
  }
  return out;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

function sentenceFeatures(s: string): { v: number; p: number; feats: string[] } {
  const words = s.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
  const feats: string[] = [];
  let v = 0;
  for (const w of words) if (TELL_SURFACES.has(w)) { v++; feats.push(`tell:${w}`); }
  let p = 0;
  for (const r of [...PHRASES, ...OPENERS]) {
    r.re.lastIndex = 0;
    if (r.re.test(s)) { p++; feats.push('stock phrase'); }
  }
  if (/\u2014/.test(s)) { p += 0.5; feats.push('em dash'); }
  return { v, p, feats };
}

function families(text: string): Record<string, number> {
  const sents = splitSentences(text);
  const words = text.split(/\s+/).filter(Boolean).length || 1;
  let v = 0;
  let p = 0;
  for (const s of sents) { const f = sentenceFeatures(s.text); v += f.v; p += f.p; }
  const lens = sents.map((s) => s.text.split(/\s+/).length);
  const mean = lens.reduce((a, b) => a + b, 0) / Math.max(1, lens.length);
  const sd = Math.sqrt(lens.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, lens.length));
  const cv = mean > 0 ? sd / mean : 0;
  const contractions = (text.match(/\b\w+'(?:t|s|re|ll|ve|d|m)\b/g) ?? []).length;
  return {
    vocabulary: sigmoid((v / words) * 100 / 1.5 - 1),
    phrasing: sigmoid((p / words) * 100 / 0.8 - 1),
    rhythm: sigmoid((0.45 - cv) * 8),
    punctuation: sigmoid(1 - (contractions / words) * 100),
  };
}

export function scoreFamilies(text: string, exclude: string[] = []): number {
  const f = families(text);
  const keys = FAMILY_NAMES.filter((k) => !exclude.includes(k));
  if (keys.length === 0) return 0;
  return (100 * keys.reduce((a, k) => a + (f[k] ?? 0), 0)) / keys.length;
}

export function detect(text: string): Detection {
  const fam = families(text);
  const score = Math.round((100 * FAMILY_NAMES.reduce((a, k) => a + (fam[k] ?? 0), 0)) / FAMILY_NAMES.length);
  for (const k of FAMILY_NAMES) fam[k] = Math.round(100 * (fam[k] ?? 0));
  const sentences = splitSentences(text).map((s) => {
    const f = sentenceFeatures(s.text);
    const sc = Math.round(100 * sigmoid(f.v * 1.2 + f.p * 1.5 - 1.5));
    return { ...s, score: sc, flagged: sc >= 50, features: f.feats };
  });
  return { score, flagged: score >= 50, sentences, families: fam };
}

export function loadDetector(): void {}
