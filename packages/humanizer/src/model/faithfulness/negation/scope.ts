import { lemma, sensesOf } from '../../lexical.ts';
import { NEGATION_REACH, NOUN_DENIAL_REACH } from '../thresholds.ts';
import { STOP } from '../words.ts';
import { withoutIdioms } from './count.ts';
import { CLAUSE_OPENER, LEXICAL_NEGATOR_WORD, NEGATOR_WORD } from './lexicon.ts';
import { deniedDescription } from './prefix.ts';

/** What a sentence's denials reach: the content lemmas each "not" (or denying word) denies, and the rest. */

export interface Scope {
  negated: Set<string>;
  plain: Set<string>;
  /**
   * Plain words further on in a clause that denies ("fails to elect a new chair from its own ranks"): a rewrite
   * that brings the denial next to one of them ("can't pick a chair") says the same thing.
   */
  farDenied: Set<string>;
  negatedSenses: Set<string>;
  plainSenses: Set<string>;
}

/** Content lemmas a negation reaches (the next two in its clause) and those used plainly. */
export function scopeOf(sentence: string): Scope {
  const negated = new Set<string>();
  const plain = new Set<string>();
  const farDenied = new Set<string>();
  // "No longer" denies the verb after it, as "not" does ("no longer sells" / "does not sell any more").
  for (const clause of withoutIdioms(sentence.toLowerCase())
    .replace(/\bno longer\b/g, 'not')
    .split(/[.!?;:,()\u2014]| - | but /)) {
    let reach = 0;
    let denying = false;
    let sawNeither = false;
    let first = false;
    for (const raw of clause.match(/[a-z][a-z'’-]*/g) ?? []) {
      // A word that denies without "not" ("avoided the effect", "lacks depth") reaches the same words: a
      // denial restated with it is not lost, though it does not count as a negation.
      if (NEGATOR_WORD.test(raw) || LEXICAL_NEGATOR_WORD.test(raw)) {
        // A denying word is itself a word of the sentence, stated or denied ("does not prevent" denies
        // "prevent").
        if (!NEGATOR_WORD.test(raw)) (reach > 0 ? negated : plain).add(lemma(raw.replace(/['’]s$/, '')));
        // "without" and "no" deny the thing they name ("without leaving", "no guarantee"); a verb's "not"
        // reaches its object too.
        // A denial inside another's reach cancels it ("not arguing that there aren't more workers" states
        // that there are): the words after it are stated plainly.
        // "Neither the mayor nor the council answered": "nor" goes on denying, up to the verb.
        if (raw === 'nor' && sawNeither) {
          reach = NEGATION_REACH;
          continue;
        }
        if (raw === 'neither') sawNeither = true;
        denying = reach === 0;
        reach = reach > 0 ? 0 : raw === 'without' || raw === 'no' ? NOUN_DENIAL_REACH : NEGATION_REACH;
        first = reach > 0;
        continue;
      }
      // A new clause starts: what follows is not in the denial's reach, however long it is.
      if (CLAUSE_OPENER.test(raw)) denying = false;
      const w = raw.replace(/['’]s$/, '');
      if (w.length < 3 || STOP.has(w)) continue;
      const l = lemma(w);
      if (reach > 0) {
        negated.add(l);
        reach--;
        // "Not uncommon for the river": the "not" undoes the prefix and reaches no further.
        if (first && deniedDescription(l)) reach = 0;
        first = false;
      } else {
        plain.add(l);
        if (denying) farDenied.add(l);
      }
    }
  }
  const senses = (ls: Set<string>) => (): Set<string> => new Set([...ls].flatMap((l) => [...sensesOf(l)]));
  return scope(negated, plain, farDenied, senses(negated), senses(plain));
}

/** A scope whose sense sets are built on first use: they are read only where a "not" moved. */
export function scope(
  negated: Set<string>,
  plain: Set<string>,
  farDenied: Set<string>,
  buildNegated: () => Set<string>,
  buildPlain: () => Set<string>,
): Scope {
  let negatedSenses: Set<string> | undefined;
  let plainSenses: Set<string> | undefined;
  return {
    negated,
    plain,
    farDenied,
    get negatedSenses() {
      return (negatedSenses ??= buildNegated());
    },
    get plainSenses() {
      return (plainSenses ??= buildPlain());
    },
  };
}

export function mergeScopes(list: Scope[]): Scope {
  const negated = new Set<string>();
  const plain = new Set<string>();
  const farDenied = new Set<string>();
  for (const s of list) {
    for (const x of s.negated) negated.add(x);
    for (const x of s.plain) plain.add(x);
    for (const x of s.farDenied) farDenied.add(x);
  }
  const union = (sets: () => Set<string>[]) => (): Set<string> => {
    const out = new Set<string>();
    for (const set of sets()) for (const x of set) out.add(x);
    return out;
  };
  return scope(
    negated,
    plain,
    farDenied,
    union(() => list.map((s) => s.negatedSenses)),
    union(() => list.map((s) => s.plainSenses)),
  );
}
