/**
 * The light edit's own grammar reading, on wink-nlp's POS tags: the number of a verb's subject (so a
 * replacement verb phrase agrees with it), and the agreement and article problems of a sentence (so an edit
 * whose sentence gains a problem the original lacked is reverted). Both are deliberately narrow: a subject
 * is only read when it sits right before its verb (or before a relative pronoun), and a problem is only
 * counted where the reading is clear; what the guard compares is the count before and after an edit, so a
 * construction it misreads in both costs nothing.
 */
import { DETERMINERS, tagSentence, type Tok } from '../nlp.ts';

export type SubjectNumber = 'sg' | 'pl' | 'i';

const PLURAL_PRON = new Set(['they', 'we', 'you', 'these', 'those', 'both', 'many', 'several', 'few', 'others']);
const SINGULAR_PRON = new Set([
  'he',
  'she',
  'it',
  'this',
  'that',
  'one',
  'everyone',
  'everybody',
  'someone',
  'somebody',
  'nobody',
  'anyone',
  'anybody',
  'everything',
  'something',
  'nothing',
  'anything',
  'each',
  'neither',
  'either',
]);
const RELATIVE = new Set(['who', 'which', 'that']);
const IRREGULAR_PLURAL = new Set(['people', 'children', 'men', 'women', 'feet', 'teeth', 'mice', 'geese', 'police']);
/** Nouns read either way ("the data shows", "the data show"); their number is never guessed. */
const EITHER = new Set(['data', 'media', 'staff', 'team', 'family', 'government', 'public', 'series', 'species']);
const NP_INNER = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'PART']);

/** Number of a noun token, or null when it cannot be told from its form. */
export function nounNumber(t: Tok): SubjectNumber | null {
  const w = t.text.toLowerCase();
  if (EITHER.has(w)) return null;
  if (IRREGULAR_PLURAL.has(w)) return 'pl';
  // A name ending in s ("James", "Texas", or "Students" read as a name at the start) is not guessed.
  if (t.pos === 'PROPN') return /s$/.test(w) ? null : 'sg';
  if (/s$/.test(w) && t.lemma !== w && !/(?:ss|us|is)$/.test(w)) return 'pl';
  if (/s$/.test(w)) return null;
  return 'sg';
}

/** The number of the noun phrase whose last token is `end`: its head, or plural when joined by "and". */
function phraseNumber(toks: Tok[], end: number): SubjectNumber | null {
  let i = end;
  while (i >= 0 && NP_INNER.has(toks[i]!.pos) && toks[i]!.text !== "'s") i--;
  // "cats and dogs run", "Anna and Ben are"
  if (i >= 0 && toks[i]!.pos === 'CCONJ' && toks[i]!.text.toLowerCase() === 'and') {
    const before = toks[i - 1];
    if (before && (before.pos === 'NOUN' || before.pos === 'PROPN' || before.pos === 'PRON')) return 'pl';
  }
  // "platforms like Twitter and Facebook play", "tools such as X help": the examples do not govern the verb;
  // the noun they illustrate does.
  if (i >= 1 && toks[i]!.pos === 'ADP' && /^(?:like|including|unlike|as)$/i.test(toks[i]!.text)) {
    let j = i - 1;
    if (toks[i]!.text.toLowerCase() === 'as' && toks[j]?.text.toLowerCase() === 'such') j--;
    if (j >= 0 && toks[j]!.text === ',') j--;
    if (j >= 0 && (toks[j]!.pos === 'NOUN' || toks[j]!.pos === 'PROPN')) return phraseNumber(toks, j);
    return null;
  }
  // "the importance of these benefits": the head is before the preposition.
  if (i >= 1 && toks[i]!.pos === 'ADP' && /^(?:of|in|for|on|at|from|with|about|across|within)$/i.test(toks[i]!.text)) {
    const prev = toks[i - 1]!;
    if (prev.pos === 'NOUN' || prev.pos === 'PROPN') return phraseNumber(toks, i - 1);
    return null;
  }
  return nounNumber(toks[end]!);
}

/**
 * The number of the subject of the verb that starts at token index `vi`, or null when it is not clear
 * (a question, an inverted clause, a subject far from its verb).
 */
export function subjectNumberAt(toks: Tok[], vi: number): SubjectNumber | null {
  let i = vi - 1;
  while (i >= 0 && (toks[i]!.pos === 'ADV' || (toks[i]!.pos === 'PART' && toks[i]!.text.toLowerCase() === 'not'))) i--;
  if (i < 0) return null;
  const t = toks[i]!;
  const w = t.text.toLowerCase();
  if (w === 'i') return 'i';
  if (PLURAL_PRON.has(w)) return 'pl';
  if (RELATIVE.has(w) && (t.pos === 'PRON' || t.pos === 'DET' || t.pos === 'SCONJ')) {
    // "restaurants that play …": the antecedent, right before the relative pronoun (a comma may sit between).
    let j = i - 1;
    if (j >= 0 && toks[j]!.text === ',') j--;
    if (j >= 0 && (toks[j]!.pos === 'NOUN' || toks[j]!.pos === 'PROPN')) return phraseNumber(toks, j);
    return null;
  }
  if (SINGULAR_PRON.has(w) && (t.pos === 'PRON' || t.pos === 'DET')) return 'sg';
  if (t.pos === 'NOUN' || t.pos === 'PROPN') return phraseNumber(toks, i);
  return null;
}

/** The subject number of the verb starting at character `offset` of a (masked) sentence. */
export function subjectNumber(sentence: string, offset: number): SubjectNumber | null {
  const toks = tagSentence(sentence);
  const vi = toks.findIndex((t) => t.start >= offset);
  return vi < 0 ? null : subjectNumberAt(toks, vi);
}

const SG_AUX = new Set(['is', 'was', 'has', 'does']);
const PL_AUX = new Set(['are', 'were', 'have', 'do']);
const MODAL_OR_TO = new Set(['to', 'can', 'could', 'will', 'would', 'may', 'might', 'must', 'should', 'shall', 'did']);
const SUPERLATIVE = /^(?:latest|newest|best|greatest|biggest|largest|smallest|highest|lowest|most)$/i;
/** Words before a superlative that give it its determiner ("a" and "an" are refused where it is read). */
const DETERMINER_LIKE = new Set([...DETERMINERS, 'at']);

/**
 * Agreement and article problems of a (masked) sentence, each as a short label with the words involved:
 * "agreement: restaurants is", "article: a apple", "article: newest technology". Deliberately narrow
 * (see the module comment); used to compare a sentence before and after an edit.
 */
export function grammarProblems(sentence: string): string[] {
  const toks = tagSentence(sentence);
  const out: string[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const w = t.text.toLowerCase();
    const prev = toks[i - 1]?.text.toLowerCase() ?? '';
    // Subject-verb agreement, finite present and past forms that carry number.
    let verbNumber: SubjectNumber | null = null;
    if (SG_AUX.has(w) || w === "'s") verbNumber = 'sg';
    else if (PL_AUX.has(w) && !MODAL_OR_TO.has(prev)) verbNumber = 'pl';
    else if (w === 'am') verbNumber = 'i';
    else if (t.pos === 'VERB' && /[^s]s$/.test(w) && t.lemma !== w && !MODAL_OR_TO.has(prev)) verbNumber = 'sg';
    if (verbNumber && w !== "'s") {
      const subj = subjectNumberAt(toks, i);
      const clash =
        subj !== null &&
        (verbNumber === 'sg'
          ? subj !== 'sg'
          : verbNumber === 'pl'
            ? subj === 'sg' || (subj === 'i' && w !== 'have' && w !== 'do' && w !== 'were')
            : subj !== 'i');
      // "I was" is right; "I were" only in a wish, left to the writer.
      const iWas = subj === 'i' && (w === 'was' || w === 'were');
      if (clash && !iWas) out.push(`agreement: ${toks[i - 1]?.text ?? ''} ${t.text}`);
    }
    // a/an before the next word's sound.
    if (w === 'a' || w === 'an') {
      const next = toks[i + 1];
      if (next && /^[A-Za-z]/.test(next.text) && !/^[A-Z]{2,}/.test(next.text)) {
        const vowel = /^[aeiou]/i.test(next.text);
        const wantAn =
          (vowel && !/^(?:uni|use|usu|uti|eu|one|once|ur[aeiou])/i.test(next.text)) ||
          /^(?:hour|honest|honor|honour|heir)/i.test(next.text);
        if (wantAn !== (w === 'an')) out.push(`article: ${t.text} ${next.text}`);
      }
    }
    // A superlative before a noun needs a determiner ("the latest technology").
    if (SUPERLATIVE.test(w) && t.pos !== 'ADV') {
      let j = i + 1;
      if (w === 'most') j++;
      const noun = toks[j];
      const prevTok = toks[i - 1];
      const prevWord = prevTok?.text.toLowerCase() ?? '';
      const determined =
        prevTok !== undefined &&
        prevWord !== 'a' &&
        prevWord !== 'an' &&
        (DETERMINER_LIKE.has(prevWord) || prevTok.pos === 'DET' || prevTok.pos === 'NUM');
      if (noun && noun.pos === 'NOUN' && !determined) out.push(`article: ${t.text} ${noun.text}`);
    }
    // "a" before a plural noun ("a parties").
    if ((w === 'a' || w === 'an') && toks[i + 1]?.pos === 'NOUN' && nounNumber(toks[i + 1]!) === 'pl')
      out.push(`article: ${t.text} ${toks[i + 1]!.text}`);
  }
  return out;
}

/** The problems `edited` has that `original` does not (by label, counted). */
export function newProblems(original: string, edited: string): string[] {
  if (original === edited) return [];
  const before = new Map<string, number>();
  for (const p of grammarProblems(original).map(kind)) before.set(p, (before.get(p) ?? 0) + 1);
  const added: string[] = [];
  for (const p of grammarProblems(edited)) {
    const k = kind(p);
    const n = before.get(k) ?? 0;
    if (n > 0) before.set(k, n - 1);
    else added.push(p);
  }
  return added;
}

// Problems are compared by kind, so an edit that changes the words of a problem the original already had
// ("restaurants is" → "restaurants is") is not counted twice.
const kind = (p: string): string => p.slice(0, p.indexOf(':'));
