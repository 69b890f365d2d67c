import type { ReadingLevel, Tone, WritingOptions } from '../types.ts';

/**
 * Prompts for the model loop. Candidates come from different prompts (and temperatures) so they differ in
 * kind, not just in sampling noise; the second pass has its own prompt so "Humanize again" reads differently.
 */
const RULES = `Rules:
- Keep every placeholder like {{3}} exactly as written, once each, in a sensible place. They stand for numbers, names, quotations, links and code.
- Do not add facts, numbers, names or examples. Do not drop any point. Keep negations and the level of certainty.
- Keep the same paragraphs and line breaks, and any markdown markers at the start of lines (#, -, 1., >).
- Keep about the same length: do not summarise and do not pad.
- Reply with the rewritten text only, no preface and no comments.`;

export const SYSTEM = `You are an editor who rewrites text so it reads like a careful human wrote it. ${RULES}`;

export const CANDIDATE_PROMPTS: { name: string; temperature: number; instruction: string }[] = [
  {
    name: 'plain',
    temperature: 0.7,
    instruction:
      'Rewrite this in plain, direct English, the way a thoughtful person writes. Replace stock phrases and buzzwords (delve, crucial, moreover, tapestry, landscape, foster, showcase) with ordinary words. Vary sentence length: some short sentences, some longer ones. Use contractions where they sound natural.',
  },
  {
    name: 'restructure',
    temperature: 0.9,
    instruction:
      'Rewrite this as a person who knows the subject would say it. Change the sentence structure, not just the words: combine some sentences, split others, change the order of clauses inside sentences, and start sentences in different ways. Avoid neat summaries and lists of three.',
  },
  {
    name: 'voice',
    temperature: 1.0,
    instruction:
      'Rewrite this with a natural, slightly informal voice: concrete wording, everyday phrasing, the occasional aside, uneven rhythm. Drop filler and hedges that add nothing. Do not use em dashes.',
  },
];

export const SECOND_PASS_PROMPT = {
  name: 'second',
  temperature: 0.95,
  instruction:
    'Rewrite this again from scratch with different wording and sentence structure than a typical paraphrase: reorder clauses, change how sentences open, use different verbs, keep the facts. Write it the way a person explaining it to a colleague would.',
};

export const STRICT_PROMPT = {
  name: 'strict',
  temperature: 0.4,
  instruction:
    'Lightly rewrite this so it reads naturally: change wording and a few sentence structures, but keep every point and keep the length nearly the same. Placeholders like {{3}} must stay exactly as they are.',
};

const TONE_LINE: Record<Tone, string> = {
  neutral: '',
  casual: 'Tone: casual and friendly, like a message to someone you know; contractions and everyday words.',
  professional: 'Tone: professional and confident, like a clear work email or report; no slang.',
  academic: 'Tone: academic, precise and measured, as in a well-edited paper; no slang and no contractions.',
  persuasive:
    'Tone: persuasive: make the case with energy and conviction, without adding claims the text does not make.',
};
const LEVEL_LINE: Record<ReadingLevel, string> = {
  simple: 'Reading level: simple. Short sentences and common words a 12-year-old knows.',
  standard: '',
  advanced: 'Reading level: advanced. Precise vocabulary and varied, longer sentences for an expert reader.',
};

/** The writing options as lines for the prompt ('' for neutral tone at standard level). */
export function styleLines(w: WritingOptions | undefined): string {
  if (!w) return '';
  return [TONE_LINE[w.tone] ?? '', LEVEL_LINE[w.readingLevel] ?? ''].filter(Boolean).join('\n');
}

export function fullTextPrompt(instruction: string, modelText: string, writing?: WritingOptions): string {
  const style = styleLines(writing);
  return `${instruction}${style ? `\n${style}` : ''}\n\n<text>\n${modelText}\n</text>`;
}

export function roundPrompt(items: { text: string; reasons: string[] }[], writing?: WritingOptions): string {
  const style = styleLines(writing);
  const list = items.map((it, i) => `${i + 1}. ${it.text}`).join('\n');
  const why = items
    .map((it, i) => (it.reasons.length > 0 ? `${i + 1}: ${it.reasons.slice(0, 4).join('; ')}` : ''))
    .filter(Boolean)
    .join('\n');
  return `These sentences still read as machine-written${why ? ' (what gives them away is listed after them)' : ''}. Rewrite each one so it sounds like a person wrote it: different structure and wording, same meaning, same placeholders like {{3}}, about the same length. Answer with the same numbered list, one sentence per line, nothing else.${style ? `\n${style}` : ''}

<sentences>
${list}
</sentences>${why ? `\n\nWhat reads as machine-written:\n${why}` : ''}`;
}

/**
 * Asking again for only the sentences the faithfulness check put back: each with what the first rewrite got
 * wrong, spelled out, so the model keeps that fact this time.
 */
export function repairPrompt(items: { text: string; why: string }[], writing?: WritingOptions): string {
  const style = styleLines(writing);
  const list = items.map((it, i) => `${i + 1}. ${it.text}`).join('\n');
  const why = items.map((it, i) => `${i + 1}: ${it.why}`).join('\n');
  return `Your rewrite of these sentences changed what they say (what went wrong is listed after them). Rewrite each one again so it sounds like a person wrote it, with different wording, but keep every number, name, quotation, placeholder like {{3}} and "not" exactly as the sentence has them, and add nothing it does not say. Answer with the same numbered list, one sentence per line, nothing else.${style ? `\n${style}` : ''}

<sentences>
${list}
</sentences>

What went wrong:
${why}`;
}

/**
 * The optional second opinion: the same provider compares sentence pairs the checks could not vouch for and
 * lists any fact that differs. It may only reject.
 */
export function secondOpinionPrompt(pairs: { original: string; rewrite: string }[]): string {
  const list = pairs.map((p, i) => `${i + 1}. A: ${p.original}\n   B: ${p.rewrite}`).join('\n');
  return `For each numbered pair, compare sentence B with sentence A. If B states any fact differently from A (a number, a name, whether something is or is not so, who did what, a claim reversed, how surely a claim is made or who makes it), adds a claim A does not make, or leaves out a detail A states, answer with the number and the difference in a few words. Otherwise answer with the number and NONE. One line per pair, nothing else.

<pairs>
${list}
</pairs>`;
}

/**
 * The second opinion on sentences of the text the rewrite leaves out whole (decision 0067): each beside the
 * delivered passage closest to it. It lists any that the passage does not state.
 */
export function leftOutPrompt(items: { original: string; passage: string }[]): string {
  const list = items.map((p, i) => `${i + 1}. A: ${p.original}\n   B: ${p.passage}`).join('\n');
  return `Each numbered item has sentence A from a text and passage B from a rewrite of that text. Passage B may word things differently and may say more than A. If B does not state everything A states (a fact, a number, a name, a claim, who did what, a detail), answer with the number and what is missing in a few words. Otherwise answer with the number and NONE. One line per item, nothing else.

<passages>
${list}
</passages>`;
}

/**
 * The second opinion's verdict on each of n numbered items: true when it found a difference ("2. B says the plan
 * works"), false when it found none ("2. NONE"), null when it gave no line for it. An answer that repeats the
 * question (its pairs, "1. A: …") is no verdict on anything.
 */
export function parseVerdicts(answer: string, n: number): (boolean | null)[] {
  const out: (boolean | null)[] = Array.from({ length: n }, () => null);
  if (/<\/?(?:pairs|passages)>/.test(answer)) return out;
  for (const line of answer.replace(/\r\n/g, '\n').split('\n')) {
    const m = /^\s*(\d+)[.:)]?\s+(.+)$/.exec(line);
    if (!m || /^A:/.test(m[2] ?? '')) continue;
    const i = Number(m[1]) - 1;
    if (i >= 0 && i < n && out[i] === null) out[i] = !/^(?:none|no difference|same)\b/i.test((m[2] ?? '').trim());
  }
  return out;
}

/** Item numbers (from 0) the second opinion found a difference in. */
export function parseDisputes(answer: string, n: number): number[] {
  return parseVerdicts(answer, n).flatMap((v, i) => (v === true ? [i] : []));
}

export function parseNumbered(answer: string, n: number): (string | null)[] {
  const out: (string | null)[] = Array.from({ length: n }, () => null);
  for (const line of answer.replace(/\r\n/g, '\n').split('\n')) {
    const m = /^\s*(\d+)[.)]\s+(.+)$/.exec(line);
    if (!m) continue;
    const i = Number(m[1]) - 1;
    if (i >= 0 && i < n && out[i] === null) out[i] = (m[2] ?? '').trim();
  }
  return out;
}
