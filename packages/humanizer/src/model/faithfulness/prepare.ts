import { allSensesOf, sensesOf } from '../lexical.ts';
import { factsOf, type Facts } from './facts/extract.ts';
import { denialReachOf, litotesIn, negationsIn, withoutIdioms, type Denials } from './negation/count.ts';
import { LEXICAL_NEGATIONS } from './negation/lexicon.ts';
import { looksDenied } from './negation/prefix.ts';
import { scopeOf, type Scope } from './negation/scope.ts';
import { opensLine, splitSentences } from './sentences.ts';
import { PREPARED_KEPT, SENTENCES_KEPT } from './thresholds.ts';
import type { Sentence } from './types.ts';
import { contentLemmas } from './words.ts';

/**
 * A text as the check reads it: its sentences, and per sentence its content lemmas and senses, facts, denials
 * and negation scope. Texts and sentences prepared lately are kept (a repair judges the answer again with a few
 * sentences changed).
 */

export interface Prepared {
  sentences: Sentence[];
  lemmas: string[][];
  /** Per sentence: its lemmas and their sense keys, for synonym matches. */
  lemmaSet: Set<string>[];
  senseSet: Set<string>[];
  facts: Facts[];
  negations: number[];
  /** Per sentence: how many of its denials fall on a word a prefix already denies ("not uncommon"). */
  litotes: number[];
  /** Per sentence: how many words deny without "not" ("lacks", "sugar-free"). */
  lexicalNegations: number[];
  /**
   * Per sentence, built on first use (only where a "not" moved): how many words say a denial without "not",
   * counted more widely ("banned", "disliked", "few", "missing", a negating prefix), and each of them (lower case,
   * a prefixed word as its lemma) with the content lemmas next to it (two on each side) and the stem a prefix
   * denies. A "not" traded for one of them keeps the meaning.
   */
  denialsOf: (i: number) => Denials;
  /** Per sentence, built on first use: every sense of every lemma, not only the first ones. */
  allSensesIn: (i: number) => Set<string>;
  scopes: Scope[];
  words: number;
  allLemmas: Set<string>;
  allSenses: Set<string>;
  allText: string;
}

/**
 * Texts prepared lately: the user's text is judged against every draft, and again after each repair. Prepared
 * texts are never changed after they are built.
 */
const prepared = new Map<string, Prepared>();

export function prepare(text: string): Prepared {
  const hit = prepared.get(text);
  if (hit) return hit;
  const p = prepareText(text);
  if (prepared.size >= PREPARED_KEPT) prepared.delete(prepared.keys().next().value as string);
  prepared.set(text, p);
  return p;
}

/** What one sentence gives the check, whatever text it stands in: built once (the optional parts on first use). */
interface SentencePrep {
  lemmas: string[];
  lemmaSet: Set<string>;
  senseSet: Set<string>;
  facts: Facts;
  negations: number;
  litotes: number;
  lexicalNegations: number;
  scope: Scope;
  denials?: Denials;
  allSenses?: Set<string>;
}

/**
 * Sentences prepared lately. A repair judges the answer again with a few sentences changed, and a long text's
 * drafts share most of their sentences: each is prepared once. Emptied when full.
 */
const preparedSentences = new Map<string, SentencePrep>();

/** Forgets every text and sentence prepared so far, so a benchmark times a text as if it were the first one seen. */
export function forgetPrepared(): void {
  prepared.clear();
  preparedSentences.clear();
}

function prepareSentence(text: string, opens: boolean): SentencePrep {
  const key = `${opens ? 1 : 0}${text}`;
  const hit = preparedSentences.get(key);
  if (hit) return hit;
  const lemmas = contentLemmas(text);
  const senseSet = new Set<string>();
  for (const l of lemmas) for (const k of sensesOf(l)) senseSet.add(k);
  const unidiomatic = withoutIdioms(text);
  const p: SentencePrep = {
    lemmas,
    lemmaSet: new Set(lemmas),
    senseSet,
    facts: factsOf(text, true, opens),
    negations: negationsIn(unidiomatic),
    litotes: litotesIn(unidiomatic),
    lexicalNegations: (text.match(LEXICAL_NEGATIONS) ?? []).length,
    scope: scopeOf(text),
  };
  if (preparedSentences.size >= SENTENCES_KEPT) preparedSentences.clear();
  preparedSentences.set(key, p);
  return p;
}

function prepareText(text: string): Prepared {
  const sentences = splitSentences(text);
  const each = sentences.map((s) => prepareSentence(s.text, opensLine(text, s.start)));
  const lemmas = each.map((e) => e.lemmas);
  const senseSet = each.map((e) => e.senseSet);
  const allLemmas = new Set(lemmas.flat());
  const allSenses = new Set<string>();
  for (const s of senseSet) for (const k of s) allSenses.add(k);
  return {
    sentences,
    lemmas,
    lemmaSet: each.map((e) => e.lemmaSet),
    senseSet,
    facts: each.map((e) => e.facts),
    negations: each.map((e) => e.negations),
    litotes: each.map((e) => e.litotes),
    lexicalNegations: each.map((e) => e.lexicalNegations),
    denialsOf: (i: number): Denials => {
      const e = each[i];
      if (!e) return { count: 0, reach: new Map() };
      if (!e.denials) {
        const { matched, reach } = denialReachOf(sentences[i]?.text ?? '');
        e.denials = { count: matched + e.lemmas.filter((l) => looksDenied(l)).length, reach };
      }
      return e.denials;
    },
    allSensesIn: (i: number): Set<string> => {
      const e = each[i];
      if (!e) return new Set();
      return (e.allSenses ??= new Set(e.lemmas.flatMap((x) => [...allSensesOf(x)])));
    },
    scopes: each.map((e) => e.scope),
    words: text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length,
    allLemmas,
    allSenses,
    allText: text.toLowerCase(),
  };
}
