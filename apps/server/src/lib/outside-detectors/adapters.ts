/**
 * One adapter per outside detector: the request its public API expects, and its answer mapped to one shape
 * (the probability the text is machine-written, per-sentence scores where given, the vendor's label).
 * An answer that does not have the expected fields throws BadAnswer; the caller shows "unavailable".
 */
import type { OutsideDetectorId } from '@plainspoken/shared';

export interface VendorResult {
  /** 0-1: the vendor's probability that the text is machine-written. */
  probability: number;
  label: string | null;
  sentences: { text: string; probability: number }[];
}

export interface VendorRequest {
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface Adapter {
  id: OutsideDetectorId;
  /** Shortest text the vendor scores (characters); shorter ones are not sent. */
  minChars: number;
  request(text: string, key: string): VendorRequest;
  parse(body: unknown): VendorResult;
}

export class BadAnswer extends Error {}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
function num(v: unknown, what: string, max = 1): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) throw new BadAnswer(`${what} is not a number`);
  return v;
}
function sentencesOf(v: unknown, textKey: string, scoreKey: string, scale = 1, invert = false) {
  if (!Array.isArray(v)) return [];
  const out: { text: string; probability: number }[] = [];
  for (const s of v) {
    if (!isObj(s) || typeof s[textKey] !== 'string' || typeof s[scoreKey] !== 'number') continue;
    const p = num(s[scoreKey], 'a sentence score', scale) / scale;
    out.push({ text: s[textKey], probability: invert ? 1 - p : p });
  }
  return out;
}

/** GPTZero: POST /v2/predict/text, `x-api-key`; documents[0].completely_generated_prob, sentences[].generated_prob. */
export const gptzero: Adapter = {
  id: 'gptzero',
  minChars: 1,
  request: (text, key) => ({
    path: '/v2/predict/text',
    headers: { 'x-api-key': key },
    body: { document: text, multilingual: false },
  }),
  parse(body) {
    const doc = isObj(body) && Array.isArray(body.documents) ? (body.documents[0] as unknown) : undefined;
    if (!isObj(doc)) throw new BadAnswer('no documents[0]');
    const probability = num(doc.completely_generated_prob, 'completely_generated_prob');
    const label = typeof doc.predicted_class === 'string' ? doc.predicted_class : null;
    return { probability, label, sentences: sentencesOf(doc.sentences, 'sentence', 'generated_prob') };
  },
};

/** Sapling: POST /api/v1/aidetect with `{key, text}`; `score` 0-1 (1 = AI), `sentence_scores[]`. */
export const sapling: Adapter = {
  id: 'sapling',
  minChars: 1,
  request: (text, key) => ({ path: '/api/v1/aidetect', headers: {}, body: { key, text, sent_scores: true } }),
  parse(body) {
    if (!isObj(body)) throw new BadAnswer('not an object');
    const probability = num(body.score, 'score');
    return { probability, label: null, sentences: sentencesOf(body.sentence_scores, 'sentence', 'score') };
  },
};

/** Originality.ai: POST /api/v1/scan/ai, `X-OAI-API-KEY`; score.ai 0-1, blocks[].result.fake per block. */
export const originality: Adapter = {
  id: 'originality',
  minChars: 1,
  request: (text, key) => ({
    path: '/api/v1/scan/ai',
    headers: { 'X-OAI-API-KEY': key },
    body: { content: text, storeScan: 'false' },
  }),
  parse(body) {
    if (!isObj(body) || !isObj(body.score)) throw new BadAnswer('no score');
    const probability = num(body.score.ai, 'score.ai');
    const sentences: { text: string; probability: number }[] = [];
    if (Array.isArray(body.blocks))
      for (const b of body.blocks as unknown[])
        if (isObj(b) && typeof b.text === 'string' && isObj(b.result) && typeof b.result.fake === 'number')
          sentences.push({ text: b.text, probability: num(b.result.fake, 'blocks[].result.fake') });
    return { probability, label: null, sentences };
  },
};

/**
 * Winston AI: POST /v2/ai-content-detection, bearer token; `score` is its human score 0-100 (100 = human),
 * so the machine probability is 1 - score/100; sentences[].score likewise. It needs 300+ characters.
 */
export const winston: Adapter = {
  id: 'winston',
  minChars: 300,
  request: (text, key) => ({
    path: '/v2/ai-content-detection',
    headers: { authorization: `Bearer ${key}` },
    body: { text, sentences: true, language: 'en' },
  }),
  parse(body) {
    if (!isObj(body)) throw new BadAnswer('not an object');
    const human = num(body.score, 'score', 100) / 100;
    return { probability: 1 - human, label: null, sentences: sentencesOf(body.sentences, 'text', 'score', 100, true) };
  },
};

export const ADAPTERS: Record<OutsideDetectorId, Adapter> = { gptzero, sapling, originality, winston };
