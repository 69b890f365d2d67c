/**
 * The one negation lexicon of the faithfulness check: the words that say "not", the set phrases that deny
 * nothing, the words that deny without "not", and the prefixes that deny a word. Every negation rule reads
 * these lists and no other.
 */

/** "not" and its kin, with the contractions people type without an apostrophe ("dont", "arent"). */
export const NEGATION_WORDS: readonly string[] = (
  'not no never none nor neither nobody nothing nowhere cannot without hardly barely scarcely ' +
  'dont doesnt didnt isnt arent wasnt werent cant couldnt wouldnt shouldnt wont havent hasnt hadnt'
).split(' ');

const negationAlternatives = NEGATION_WORDS.join('|');

/** Each "not" of a text (a word of `NEGATION_WORDS` or a contracted "n't"). */
export const NEGATOR = new RegExp(`\\b(?:${negationAlternatives})\\b|n't\\b|n’t\\b`, 'gi');

/** A single word that says "not" (lower case). */
export const NEGATOR_WORD = new RegExp(`^(?:${negationAlternatives})$|n['’]t$`);

/**
 * The words of `NEGATION_WORDS` (and "no longer") that deny an amount right before it ("not many", "hardly any",
 * "no longer has many"): the other side of the amount then restates it ("few").
 */
export const AMOUNT_DENIERS: readonly string[] = ['not', 'never', 'hardly', 'scarcely', 'barely', 'no longer'];

/**
 * Set phrases with a negation word that deny nothing ("not only … but also", "that's not all"). "Cannot" is
 * also written "can not" ("I can not wait", "could not agree more").
 */
export const IDIOMS =
  /\b(?:not just|not to mention|no (?:more|fewer|less|longer|later|earlier|sooner) than|not (?:more|fewer|less|later|earlier|sooner) than|nothing short of|nothing less than|no doubt|no wonder|no matter|needless to say|(?:is|'s|’s|are|was) not all(?=\s*(?:[,.;:!?)—–-]|$))|(?:isn|wasn|aren)['’]t all(?=\s*(?:[,.;:!?)—–-]|$))|if (?:that|this)['’]s not enough|if (?:that|this) is not enough|not least|second to none|(?:can(?:not| not|['’]t)|could(?: not|n['’]t)) help but|never before|not surprisingly|not unlike|without (?:a doubt|question|fail|breaking the bank|further ado)|(?:can(?:not| not|['’]t)|could(?: not|n['’]t)) (?:agree more|be happier|be prouder|wait|stress (?:this |that |it )?enough|recommend (?:it|this|them) enough)|never fails? to|don['’]t even get me started|(?:do not|don['’]t) hesitate|nothing but)\b/gi;

/** A question tag ("…, wouldn't it?", "…, isn't she?") asks for agreement; it denies nothing. */
export const QUESTION_TAG =
  /,\s*(?:is|are|was|were|do|does|did|wo|would|ca|could|should|have|has|had|must|might|shall)n['’]t\s+(?:it|he|she|they|we|you|i|there|that|this|one)\s*(?=[?!])/gi;

/** "…, and neither did the council": the denial already made, said of one more thing. */
export const ECHOED_DENIAL =
  /\b(?:and|but)\s+(?:neither|nor)\s+(?:do|does|did|is|are|was|were|have|has|had|can|could|will|would|should|may|might|must)\b/gi;

/** A "not" and the word after it (an article or a degree word between at most). */
export const LITOTES =
  /\b(?:not|never)\s+(?:(?:a|an|so|too|very|entirely|altogether|wholly|completely)\s+)?([a-z]+)|n['’]t\s+(?:(?:a|an|so|too|very|entirely|altogether|wholly|completely)\s+)?([a-z]+)/gi;

/**
 * "Not only" denies nothing when a second part follows ("not only fast but also cheap", "not only the roads; the
 * bridges too"). Without one it denies the "only": "is not only possible in a narrow range" says the opposite of
 * "is only possible in a narrow range". Inverted or opening a sentence ("Not only did the team win, …") it is
 * always the set phrase. "Not just" stays a set phrase everywhere (IDIOMS): models write "it's not just the coast
 * that is at risk" with no second part and mean "also".
 */
export const NOT_ONLY = /\bnot only\b/gi;
export const SECOND_PART =
  /^ (?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|must|might)\b|\b(?:but|also|too|as well|yet)\b|[;:—–]/i;

/** Words that deny without "not": a rewrite may trade one for a "not" and keep the meaning. */
export const LEXICAL_NEGATIONS =
  /\b(?:lack\w*|fail\w*|free of|devoid of|far cry from|g[ai]ve up|giving up|doubt\w*|disappoint\w*|hesitat\w*|regret\w*|left out|absen\w+|refus\w+|avoid\w*|prevent\w*|rather than|instead of|unable|impossible|yet to|far from|rarely|seldom|deny\w*|denie\w*|reject\w*|except|cease\w*|eschew\w*|forgo\w*|abstain\w*|shun\w*|neglect\w*|omit\w*)\b|-free\b|\btoo\s+(?:(?:much|many|few|little)\s+)?[a-z]+(?:\s+[a-z]+)?\s+to\s+[a-z]+/gi;

/** A denial without "not" and the act it denies ("failed to reduce", "is yet to reply", "denied taking"). */
export const DENIED_ACT =
  /\b(?:fail(?:s|ed|ing)?\s+to|unable\s+to|(?:has|have|had|is|are|was|were)\s+yet\s+to|refus(?:e|es|ed|ing)\s+to|den(?:y|ies|ied|ying))\s+([a-z]+)/gi;

/** More words that deny without "not", counted only to see whether a "not" was traded for one. */
export const OTHER_DENIALS =
  /\b(?:ban(?:s|ned|ning)?|barred|forb[ai]d\w*|prohibit\w*|disallow\w*|dislik\w*|missing|exempt\w*|exclud\w*|declin\w*|closed|shut|less than|miss(?:es|ed)? out|(?:run|ran|runs) out of|(?:has|have|had) ended|(?<!\ba |quite a )few(?:er)?|little to no|(?<!\ba )little|short of|fell short|falls short|anything but|nowhere near|(?:stop|stops|stopped|quit|quits|ceased?) [a-z]+ing|(?:is|are|was|were|be|been|entry is|it['’]s) free\b|for free|free of charge|(?:keep|keeps|kept|keeping|stop|stops|stopped|stopping)\s+(?:[a-z]+\s+){0,2}?from\s+[a-z]+ing)\b/gi;

/** A word that denies without "not" and reaches the words after it as "not" does ("lacks depth"). */
export const LEXICAL_NEGATOR_WORD =
  /^(?:lack(?:s|ed|ing)?|fail\w*|absen\w+|refus\w+|avoid\w*|prevent\w*|unable|impossible|rarely|seldom|den(?:y|ies|ied|ying)|reject\w*|ceas(?:e|es|ed|ing)|eschew\w*|forgo\w*|abstain\w*|shun\w*|neglect\w*|omit\w*)$/;
/** Words that deny possession or ability outright: said where the original denies nothing, they add a "not". */
export const ADDED_DENIAL = /^(?:lack(?:s|ed|ing)?|unable|fail(?:s|ed|ing)?)$/;

/** Words that open another clause inside a sentence: a denial before them does not reach past them. */
export const CLAUSE_OPENER =
  /^(?:and|so|then|because|since|although|though|while|whereas|which|who|whom|whose|when|whenever|where|if|unless|until|whether)$/;

/** A likeness ("as if", "as though"), and the same denied ("not as if", "wasn't as though", "never quite as if"). */
export const AS_IF = /\bas\s+(?:if|though)\b/i;
export const NOT_AS_IF =
  /\b(?:not|never)\s+(?:quite\s+)?as\s+(?:if|though)\b|n['’]t\s+(?:quite\s+)?as\s+(?:if|though)\b/i;

/** The prefixes that deny a word ("unbound", "insignificant", "nonexistent"), as a restated denial reads them. */
export const NEGATING_PREFIXES: readonly string[] = ['un', 'in', 'im', 'il', 'ir', 'dis', 'non'];

/** A word made of a negating prefix and a stem of three letters or more. */
export const PREFIX = /^(un|non|in|im|il|ir|dis|ab|contra)-?([a-z]{3,})$/;

/**
 * un- and non- words whose rest is a word but which do not deny it ("unless", "union", "undergo"), and
 * words that keep or strengthen the meaning of their stem ("unravel", "invaluable").
 */
export const NOT_DENIALS = new Set([
  'unless',
  // "Unlike the first film, …" compares; it denies nothing.
  'unlike',
  'until',
  'unto',
  'union',
  'unit',
  'unite',
  'united',
  'unity',
  'universe',
  'universal',
  'unique',
  'unravel',
  'unloose',
  'unbend',
  'undo',
  'unfold',
  'unwind',
  'unpack',
  'unleash',
  'unlock',
  'unveil',
  'uncover',
  'unearth',
  'undertake',
  'undergo',
  'underline',
  'understand',
  'uncanny',
  'untoward',
  'unruly',
  'uncouth',
  'invaluable',
  'inflammable',
  'nonetheless',
  'nonsense',
  // Nouns of their own: an illness ("an eating disorder") and a release ("discharge from hospital") are not the
  // opposite of an order or a charge.
  'disorder',
  'discharge',
  // Praise, emphasis and words whose prefix no longer reads as a denial: they deny nothing the text claims
  // ("an incredible result", "unwavering support", "an independent review").
  'incredible',
  'incredibly',
  'unbelievable',
  'unbelievably',
  'unforgettable',
  'unwavering',
  'unparallel',
  'unparalleled',
  'unprecedented',
  'undeniable',
  'undeniably',
  'undisputed',
  'undoubted',
  'undoubtedly',
  'unequivocal',
  'unequivocally',
  'unquestionable',
  'unquestionably',
  'unmistakable',
  'unmistakably',
  'unmatched',
  'unrivaled',
  'unrivalled',
  'unstoppable',
  'unbeatable',
  'unmissable',
  'unimaginable',
  'unimaginably',
  'untold',
  'unyielding',
  'unending',
  'unconditional',
  'unfortunately',
  'indescribable',
  'incomparable',
  'inexhaustible',
  'irresistible',
  'impeccable',
  'immaculate',
  'insatiable',
  'indispensable',
  'innumerable',
  'inevitable',
  'inevitably',
  'immediate',
  'immediately',
  'independent',
  'independently',
  'insane',
  'insanely',
  'immense',
  'immensely',
  'infinite',
  'infinitely',
]);
