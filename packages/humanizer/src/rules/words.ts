import { LEXICON, inflectVerb, pluralize, type LexEntry } from '../data/lexicon.ts';
import { OPENERS, PHRASES } from '../data/phrases.ts';
import { DETERMINERS, tagSentence } from '../nlp.ts';
import { subjectNumber } from './grammar.ts';
import { choose, matchCase, type RuleCtx } from './context.ts';

type Form = 'base' | 's' | 'ed' | 'ing' | 'sg' | 'pl' | 'adj';

interface FormInfo {
  entry: LexEntry;
  form: Form;
}

function inflectPhrase(phrase: string, form: Form, participle: boolean): string {
  const [head = '', ...rest] = phrase.split(' ');
  const v = inflectVerb(head);
  const h = form === 's' ? v.s : form === 'ed' ? (participle ? v.part : v.past) : form === 'ing' ? v.ing : v.base;
  return [h, ...rest].join(' ');
}

const FORMS = new Map<string, FormInfo>();
for (const entry of LEXICON) {
  if (entry.pos === 'verb') {
    for (const form of ['base', 's', 'ed', 'ing'] as const) {
      const surface = inflectPhrase(entry.word, form, false);
      if (!FORMS.has(surface)) FORMS.set(surface, { entry, form });
      if (form === 'ed') {
        const part = inflectPhrase(entry.word, form, true);
        if (!FORMS.has(part)) FORMS.set(part, { entry, form });
      }
    }
  } else if (entry.pos === 'noun') {
    if (!entry.pluralOnly) FORMS.set(entry.word, { entry, form: 'sg' });
    FORMS.set(entry.plural ?? pluralize(entry.word), { entry, form: 'pl' });
  } else {
    FORMS.set(entry.word, { entry, form: 'adj' });
  }
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SURFACES = [...FORMS.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
const WORD_RE = new RegExp(`(?<![\\w'-])(?:${SURFACES.map(escapeRe).join('|')})(?![\\w'-])`, 'gi');

/** Every surface form of every tell: the detector-free "no new AI words" check uses it. */
export const TELL_SURFACES: ReadonlySet<string> = new Set(
  SURFACES.flatMap((s) => s.split(' ')).filter((w) => w.length > 5),
);

/** Words the rules may introduce: the spelling check accepts any of them in output. */
export const ALT_VOCAB: ReadonlySet<string> = (() => {
  const set = new Set<string>();
  for (const e of LEXICON) {
    for (const a of [...e.alts, ...(e.toAlts ?? []), ...(e.predAlts ?? []), ...(e.nextAlts?.alts ?? [])]) {
      for (const form of ['base', 's', 'ed', 'ing'] as const) {
        const variants =
          e.pos === 'verb'
            ? [inflectPhrase(a, form, false), inflectPhrase(a, form, true)]
            : e.pos === 'noun'
              ? [a, pluralize(a)]
              : [a];
        for (const v of variants) for (const w of v.split(/[\s]+/)) set.add(w.toLowerCase());
      }
    }
  }
  return set;
})();

const PARTICIPLE_CUES = new Set([
  'has',
  'have',
  'had',
  'having',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  "'s",
  'get',
  'gets',
  'got',
  'become',
  'became',
]);
const MODALS = new Set(['to', 'can', 'could', 'will', 'would', 'may', 'might', 'must', 'should', 'shall']);

function prevWord(s: string, index: number): string {
  const m = /([A-Za-z']+)[^A-Za-z']*$/.exec(s.slice(0, index));
  return (m?.[1] ?? '').toLowerCase();
}

function nextWord(s: string, index: number): string {
  const m = /^[^A-Za-z']*([A-Za-z']+)/.exec(s.slice(index));
  return (m?.[1] ?? '').toLowerCase();
}

/** Words before an adjective that make it predicative ("so profound", "more crucial"). */
const DEGREE = new Set(['so', 'too', 'very', 'more', 'most', 'as', 'how', 'less', 'increasingly', 'quite']);

/** A noun (or another adjective, a number, a name) follows the adjective: it is attributive. */
function attributive(whole: string, end: number, next: string): boolean {
  if (!/^\s+[A-Za-z\uE000]/.test(whole.slice(end))) return false;
  const tok = tagSentence(whole).find((t) => t.start > end);
  if (!tok) return false;
  if (['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(tok.pos)) return true;
  // wink reads some nouns after an adjective as verbs ("a crucial shift"); a word no function word is stays.
  return tok.pos === 'VERB' && !/^(?:to|that|for|in|of|and|or|but|as|with|than|across|among|within)$/.test(next);
}

/**
 * The word is used in the entry's part of speech: a noun tell tagged as a noun ("should endeavor to" is a
 * verb), a verb tell as a verb, and a past participle not used as an adjective before a noun ("augmented
 * working opportunities").
 */
function posFits(whole: string, offset: number, pos: LexEntry['pos'], form: Form, participle: boolean): boolean {
  if (pos === 'adj' || pos === 'adv') return true;
  const toks = tagSentence(whole);
  const i = toks.findIndex((t) => t.start === offset);
  if (i < 0) return true;
  const t = toks[i]!;
  if (pos === 'noun') return t.pos === 'NOUN' || t.pos === 'PROPN';
  // wink reads some rare verbs as nouns ("users who leverage"); only a noun after a determiner or an
  // adjective is taken as one.
  const before = toks[i - 1];
  const after = toks[i + 1];
  const objectFollows = after !== undefined && ['DET', 'PRON', 'NUM', 'PROPN'].includes(after.pos);
  if (t.pos === 'ADJ' && after?.pos === 'NOUN') return false;
  if (t.pos === 'NOUN' && !objectFollows && before !== undefined && ['DET', 'ADJ'].includes(before.pos)) return false;
  if (form === 'ed' && !participle) {
    if (after?.pos === 'NOUN' && before !== undefined && ['DET', 'ADJ', 'ADP', 'VERB', 'CCONJ'].includes(before.pos))
      return false;
  }
  return true;
}

const participle0 = (prev: string): boolean => PARTICIPLE_CUES.has(prev);

function nextWords(s: string, index: number, n: number): string[] {
  return (
    s
      .slice(index)
      .toLowerCase()
      .match(/[a-z']+/g) ?? []
  ).slice(0, n);
}
const SUPERLATIVE_ALT = /^(?:latest|newest)$/;

/** Swap AI-tell words for plain alternatives, inflected like the word they replace. */
export function replaceWords(sentence: string, ctx: RuleCtx, prob = 1): string {
  return sentence.replace(WORD_RE, (m: string, offset: number, whole: string) => {
    const info = FORMS.get(m.toLowerCase());
    if (!info) return m;
    const { entry, form } = info;
    const prev = prevWord(whole, offset);
    const next = nextWord(whole, offset + m.length);
    // "this showcases" is a verb; "this showcase" a noun.
    const pronounSubject = form === 's' && (prev === 'this' || prev === 'that');
    if ((entry.skipPrev?.includes(prev) && !pronounSubject) || entry.skipNext?.includes(next)) return m;
    // A sense word a few words on ("navigate these roads") vetoes it too.
    if (entry.skipWithin && nextWords(whole, offset + m.length, 3).some((w) => entry.skipWithin!.includes(w))) return m;
    // A compared adjective ("more profound", "the most daunting", "more inclusive and robust") would need its
    // replacement compared too ("deeper", "hardest"): left alone.
    if (
      entry.pos === 'adj' &&
      /\b(?:more|most|less|least)\b/i.test(
        whole
          .slice(Math.max(0, offset - 40), offset)
          .split(/[,;]/)
          .pop() ?? '',
      )
    )
      return m;
    // A sentence adverb with its comma ("Particularly, …") has no plain one-word swap.
    if (entry.pos === 'adv' && offset === 0 && whole[m.length] === ',') return m;
    // Capitalized mid-sentence means a name ("Foster", "Vital Signs"): leave it.
    if (/^[A-Z]/.test(m) && offset > 0 && /\w/.test(whole.slice(0, offset))) return m;
    if (ctx.rng() >= prob) return m;
    if (!posFits(whole, offset, entry.pos, form, participle0(prev))) return m;
    const participle = PARTICIPLE_CUES.has(prev);
    // An adjective with no noun after it ("… is crucial.", "… become crucial across", "so profound, yet")
    // takes its predicative set; the next token's POS tag tells.
    const predicative = entry.pos === 'adj' && (DEGREE.has(prev) || !attributive(whole, offset + m.length, next));
    let alts =
      (next === 'to' || next === 'that') && entry.toAlts
        ? entry.toAlts
        : entry.nextAlts?.next.includes(next)
          ? entry.nextAlts.alts
          : predicative && entry.predAlts
            ? entry.predAlts
            : entry.alts;
    // A superlative needs its article ("use the latest technology"): after a determiner it has one, after a
    // verb, a preposition or at the start it gets "the"; anywhere else ("new cutting-edge tools") it is not used.
    const determined = DETERMINERS.has(prev) || /'s$/.test(prev);
    const theFits = (): boolean => {
      if (offset === 0) return true;
      const toks = tagSentence(whole);
      const before = toks.filter((t) => t.start < offset).pop();
      return before !== undefined && ['VERB', 'ADP', 'AUX'].includes(before.pos);
    };
    if (predicative || prev === 'a' || prev === 'an' || (!determined && !theFits()))
      alts = alts.filter((a) => !SUPERLATIVE_ALT.test(a));
    if (alts.length === 0) return m;
    // "be" takes its subject's number ("they served as" → "they were"); where the number is not clear,
    // or as a gerund ("being"), it is not used.
    let beForm: string | null = null;
    if (entry.pos === 'verb' && alts.includes('be')) {
      const number = (): ReturnType<typeof subjectNumber> => subjectNumber(whole, offset);
      if (form === 's') beForm = 'is';
      else if (form === 'base' && MODALS.has(prev)) beForm = 'be';
      else if (form === 'ed' && participle) beForm = 'been';
      else if (form === 'ed') beForm = ((n) => (n === null ? null : n === 'pl' ? 'were' : 'was'))(number());
      else if (form === 'base')
        beForm = ((n) => (n === null || n === 'sg' ? null : n === 'i' ? 'am' : 'are'))(number());
      if (beForm === null) alts = alts.filter((a) => a !== 'be');
      if (alts.length === 0) return m;
    }
    // Never bring in a word the sentence, or the one just before it, already has ("improved efficiency …
    // improved well-being"); with no fresh alternative the tell stays.
    const present = new Set(`${ctx.recent ?? ''} ${whole}`.toLowerCase().match(/[a-z]+/g) ?? []);
    alts = alts.filter((a) => {
      const head = (a.split(' ')[0] ?? a).toLowerCase();
      if (entry.pos !== 'verb') return !present.has(head);
      const f = inflectVerb(head);
      return ![f.base, f.s, f.past, f.part, f.ing].some((w) => present.has(w));
    });
    if (alts.length === 0) return m;
    const alt = choose(ctx, alts);
    let out: string;
    if (entry.pos === 'verb' && alt === 'be' && beForm !== null) out = beForm;
    else if (entry.pos === 'verb') out = inflectPhrase(alt, form, participle);
    else if (form === 'pl') out = pluralize(alt);
    else out = alt;
    // A superlative needs its article ("use the latest technology").
    if (SUPERLATIVE_ALT.test(alt) && !determined) out = `the ${out}`;
    return matchCase(m, out);
  });
}

/** How many lexicon tells and stock phrases a (masked) sentence still has. */
export function countTells(sentence: string): number {
  WORD_RE.lastIndex = 0;
  let n = (sentence.match(WORD_RE) ?? []).length;
  for (const r of PHRASES) {
    r.re.lastIndex = 0;
    if (r.re.test(sentence)) n++;
  }
  for (const r of OPENERS) {
    r.re.lastIndex = 0;
    if (r.re.test(sentence)) n++;
  }
  if (sentence.includes('\u2014')) n += 0.5;
  return n;
}
