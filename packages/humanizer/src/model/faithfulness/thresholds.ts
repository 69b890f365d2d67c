import type { Tolerance } from './types.ts';

/**
 * Every number the faithfulness check decides by, named, each explained in one line. Similarities are content
 * lemmas shared between two sentences (synonyms count) over the geometric mean of their lemma counts (0 to 1).
 */

/** Tolerances on the whole answer by mode: Deep restructures and may condense; Lightning is a closer rewrite. */
export const TOLERANCE: Record<'deep' | 'lightning', Tolerance> = {
  // Deep restructures and may condense (a simplified rewrite is often 60-70% as long).
  deep: {
    minLength: 0.3,
    maxLength: 2.2,
    maxTail: 0.3,
    maxClosestTail: 0.25,
    maxGap: 0.45,
    shortTail: 0.15,
    shortTailLength: 0.7,
    shortLength: 0.55,
    shortRecall: 0.42,
    minRecall: 0.24,
  },
  // Lightning is a closer rewrite of the same text.
  lightning: {
    minLength: 0.5,
    maxLength: 1.6,
    maxTail: 0.25,
    maxClosestTail: 0.2,
    maxGap: 0.4,
    shortTail: 0.15,
    shortTailLength: 0.7,
    shortLength: 0.65,
    shortRecall: 0.45,
    minRecall: 0.3,
  },
};

// Alignment.
/** An answer sentence aligns with nothing when its best similarity is under this. */
export const ALIGN_MIN = 0.12;
/** A pair aligns when it is this share as similar as either sentence's best pair (merges and splits). */
export const ALIGN_NEAR_BEST = 0.6;
/** An answer sentence this similar to one original sentence follows it closely (its negations are compared). */
export const CLOSE_ALIGN = 0.35;
/** An answer sentence follows an original sentence this nearly as similar as its closest (for negations). */
export const FOLLOW = 0.6;
/** An answer sentence this similar to an original sentence all but copies it. */
export const COPY_ALIGN = 0.8;

// Facts.
/** A number in an answer sentence must be in its aligned original sentences or this many sentences around them. */
export const NUMBER_REACH = 1;
/** A quotation of this many words or more is kept word for word (shorter ones are scare quotes). */
export const QUOTE_MIN_WORDS = 3;
/** A year written by its last two digits up to this one is in the 2000s ("'08"), above it in the 1900s ("'85"). */
export const TWO_DIGIT_YEAR_PIVOT = 30;
/** A sentence restating the original's figures has one of at least this many digits ("650€", not "3"). */
export const OWN_FIGURE_DIGITS = 2;
/** Names compared by spelling are at least this long ("katharine" / "katherine"). */
export const NAME_SPELLING_MIN = 4;
/** From this length two letters may differ between two spellings of one name (one letter below it). */
export const NAME_SPELLING_LONG = 7;
/** A name stem ("Brit" of "British") must keep this many letters to stand for the name. */
export const NAME_STEM_MIN = 4;
/** Two names that share a start this long and differ by one letter at the end are one ("Honduras" / "Honduran"). */
export const NAME_SHARED_START = 5;
/** Names this long or longer are compared by their shared start (`NAME_SHARED_START`). */
export const NAME_NEARLY_SAME_MIN = 6;

// Negation.
/** Only sentences this similar count as "the same sentence" for a negation with no word to point at. */
export const NEGATION_ALIGN = 0.3;
/** A denial without "not" is judged lost only in a sentence this similar to its original. */
export const DENIED_ACT_ALIGN = 0.5;
/** A "not" reaches this many content words after it in its clause. */
export const NEGATION_REACH = 2;
/** "without" and "no" reach only the thing they name, this many content words. */
export const NOUN_DENIAL_REACH = 1;
/** A word that denies without "not" is read with this many content words on each side. */
export const DENIAL_NEIGHBOURS = 2;

// Certainty.
/** Certainty words are compared only for an answer sentence this similar to the original sentences it follows. */
export const CERTAINTY_ALIGN = 0.2;

// Coverage.
/** An answer sentence with at least this many new content lemmas can be invented. */
export const INVENTED_MIN_NEW = 3;
/** ... when this share of its own content lemmas is new. */
export const INVENTED_SHARE = 0.6;
/** A sentence under this similarity shares next to nothing: invented with a smaller share of new lemmas. */
export const INVENTED_STRAY = 0.09;
/** ... that smaller share. */
export const INVENTED_STRAY_SHARE = 0.5;
/** Only a sentence under `ALIGN_MIN` times this, at its best, can be invented. */
export const INVENTED_ALIGN_FACTOR = 1.5;
/** An original sentence is covered when this share of its content lemmas appears in the answer nearby. */
export const COVERED = 0.34;
/** ... and covered only thinly under this share: put back when the repair stays within bounds (never a failure). */
export const THINLY_COVERED = 0.55;
/** An answer sentence counts as reaching its aligned originals (for the gap measure) from this similarity. */
export const GAP_ALIGN = 0.2;
/** ... and when it is this share as similar as its closest original (a neighbour merged in counts too). */
export const REACH_NEAR_BEST = 0.75;
/** An original sentence with fewer content lemmas than this is not judged dropped (too little to lose). */
export const DROPPED_MIN_LEMMAS = 3;

/** An aligned answer sentence with at least this many content lemmas the text never uses may add a claim... */
export const ADDED_MIN_NEW = 4;
/** ... when this share of its own content lemmas is new (repaired when there is room; never a failure). */
export const ADDED_SHARE = 0.5;

// Verdict.
/** More than this share of answer sentences invented makes the answer an unrelated text. */
export const MOSTLY_INVENTED = 0.5;

// Sentences and caches.
/** A sentence longer than this many words with no stop inside is judged in pieces. */
export const LONG_RUN = 60;
/** ... of about this many words. */
export const RUN_WORDS = 24;
/** Texts kept prepared (the user's text is judged against every draft, and again after each repair). */
export const PREPARED_KEPT = 16;
/** Sentences kept prepared (a long text's drafts share most of their sentences); emptied when full. */
export const SENTENCES_KEPT = 1024;
