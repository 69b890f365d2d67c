/**
 * Writing options: the tone and reading level of a rewrite, remembered per user. A full rewrite follows
 * all of them; a light edit can only apply some (contractions and plainer connectives), and the picker
 * says which options need a full rewrite.
 */
export const WRITING_TONES = ['neutral', 'casual', 'professional', 'academic', 'persuasive'] as const;
export type WritingTone = (typeof WRITING_TONES)[number];
export const READING_LEVELS = ['simple', 'standard', 'advanced'] as const;
export type ReadingLevel = (typeof READING_LEVELS)[number];

export interface WritingOptions {
  tone: WritingTone;
  readingLevel: ReadingLevel;
}
export const DEFAULT_WRITING: WritingOptions = { tone: 'neutral', readingLevel: 'standard' };

export const TONE_LABELS: Record<WritingTone, string> = {
  neutral: 'Neutral',
  casual: 'Casual',
  professional: 'Professional',
  academic: 'Academic',
  persuasive: 'Persuasive',
};
export const READING_LEVEL_LABELS: Record<ReadingLevel, string> = {
  simple: 'Simple',
  standard: 'Standard',
  advanced: 'Advanced',
};

/** Options a light edit can honour; the others need a full rewrite. */
export const LIGHT_EDIT_TONES: readonly WritingTone[] = ['neutral', 'casual'];
export const LIGHT_EDIT_LEVELS: readonly ReadingLevel[] = ['simple', 'standard'];

export const WRITING_MSG = {
  needsFullRewrite: 'Needs full rewrite',
  pickerHint:
    'Full rewrites follow every option. Light edits apply casual tone and simple reading level (contractions and plainer linking words).',
  saveFailed: 'We could not save your writing options. They still apply to this rewrite.',
} as const;

const withArticle = (phrase: string): string => `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Markers of a text's tone and reading level, per 100 words (words per sentence as is). A full rewrite's
 * tone or reading level is claimed only when these moved from the user's text in that option's direction
 * by at least `STYLE_SHIFT` (decision 0051): a model asked for an academic tone that wrote what a neutral
 * run writes has not measurably written an academic tone, and the result says so instead of claiming it.
 */
export interface StyleMarkers {
  /** Contractions ("don't", "we're"). */
  contractions: number;
  /** Words of nine letters or more. */
  longWords: number;
  /** First- and second-person words ("I", "we", "you", "your"). */
  personal: number;
  /** Words that address and urge the reader ("you", "should", "must", "now", "imagine"). */
  urging: number;
  wordsPerSentence: number;
}

const WORD = /[\p{L}\p{N}]+(?:['\u2019][\p{L}]+)*/gu;
const CONTRACTION = /['\u2019](?:s|re|ve|ll|d|m|t)$/i;
const PERSONAL = /^(?:i|me|my|mine|we|us|our|ours|you|your|yours)$/i;
const URGING = /^(?:you|your|should|must|need|now|imagine|proven|best|today|don['\u2019]t|never|every)$/i;

export function styleMarkers(text: string): StyleMarkers {
  const words = text.match(WORD) ?? [];
  const n = Math.max(1, words.length);
  const per100 = (f: (w: string) => boolean) => (100 * words.filter(f).length) / n;
  const sentences = Math.max(1, (text.match(/[.!?]+(?=\s|$)/g) ?? []).length);
  return {
    contractions: per100((w) => CONTRACTION.test(w)),
    longWords: per100((w) => w.replace(/['\u2019].*$/, '').length >= 9),
    personal: per100((w) => PERSONAL.test(w)),
    urging: per100((w) => URGING.test(w)),
    wordsPerSentence: words.length / sentences,
  };
}

/** How far a marker must move (per 100 words; a tenth of the words per sentence) to count as shown. */
export const STYLE_SHIFT = 1;

/** Formal register: long words up, contractions and first/second-person words down. */
const formality = (m: StyleMarkers): number => m.longWords - m.contractions - m.personal / 2;

/** Whether the result measurably has each chosen option, compared with the user's text (decision 0051). */
export function styleShown(before: string, after: string, o: WritingOptions): { tone: boolean; readingLevel: boolean } {
  const b = styleMarkers(before);
  const a = styleMarkers(after);
  const shift = STYLE_SHIFT;
  const tone: Record<WritingTone, boolean> = {
    neutral: true,
    casual: a.contractions - b.contractions >= shift || a.personal - b.personal >= shift,
    professional: formality(a) - formality(b) >= shift,
    academic: formality(a) - formality(b) >= 2 * shift,
    persuasive: a.urging - b.urging >= shift,
  };
  const level: Record<ReadingLevel, boolean> = {
    simple: b.wordsPerSentence - a.wordsPerSentence >= b.wordsPerSentence / 10 || b.longWords - a.longWords >= shift,
    standard: true,
    advanced: a.wordsPerSentence - b.wordsPerSentence >= b.wordsPerSentence / 10 || a.longWords - b.longWords >= shift,
  };
  return { tone: tone[o.tone], readingLevel: level[o.readingLevel] };
}

/**
 * The user-facing line about writing options on a result, or null when there is nothing to say. A full
 * rewrite claims only the options `shown` says the result measurably has (`styleShown`); a light edit names
 * the edits it applied.
 */
export function writingNote(
  o: WritingOptions,
  r: {
    fullRewrite: boolean;
    applied: string[];
    shown?: { tone: boolean; readingLevel: boolean };
    /** A light edit delivered while the model's full rewrite, not used, is shown below it (decision 0059). */
    fullRewriteBelow?: boolean;
  },
): string | null {
  if (o.tone === 'neutral' && o.readingLevel === 'standard') return null;
  const toneWords = o.tone !== 'neutral' ? `${TONE_LABELS[o.tone].toLowerCase()} tone` : null;
  const levelWords =
    o.readingLevel !== 'standard' ? `${READING_LEVEL_LABELS[o.readingLevel].toLowerCase()} reading level` : null;
  const chosen = [toneWords, levelWords].filter(Boolean).join(' and ');
  if (r.fullRewrite) {
    const shown = r.shown ?? { tone: false, readingLevel: false };
    const has = [shown.tone ? toneWords : null, shown.readingLevel ? levelWords : null].filter((x): x is string => !!x);
    const lacks = [!shown.tone ? toneWords : null, !shown.readingLevel ? levelWords : null].filter(
      (x): x is string => !!x,
    );
    const did = has.length > 0 ? `Written in ${withArticle(has.join(' and '))}.` : null;
    const not =
      lacks.length > 0
        ? `You chose ${withArticle(lacks.join(' and '))}, but the rewrite does not measurably read that way, so we do not claim it. Try again or edit it yourself.`
        : null;
    return [did, not].filter(Boolean).join(' ');
  }
  const missing = [
    !LIGHT_EDIT_TONES.includes(o.tone) ? `${TONE_LABELS[o.tone].toLowerCase()} tone` : null,
    !LIGHT_EDIT_LEVELS.includes(o.readingLevel)
      ? `${READING_LEVEL_LABELS[o.readingLevel].toLowerCase()} reading level`
      : null,
  ].filter(Boolean);
  const did = r.applied.length > 0 ? `For your ${chosen} we used ${r.applied.join(' and ')}.` : null;
  const not =
    missing.length > 0
      ? `${capitalised(withArticle(missing.join(' and ')))} needs a full rewrite${r.fullRewriteBelow ? " (the model's version, not used, is below)" : ''}, so this light edit kept your wording's style there.`
      : null;
  return [did, not].filter(Boolean).join(' ') || `A light edit found nothing to change for your ${chosen}.`;
}

/** What the engine's repairs of a full rewrite did (`RepairCounts` of the humanizer). */
export interface RepairedSentences {
  /** Sentences of the user's text put back as written. */
  kept: number;
  /** Sentences the rewrite added that were taken out. */
  removed: number;
  /** Why the sentences put back were put back ("a number changed"). */
  reasons: readonly string[];
  /** Every sentence put back had been left out by the rewrite. */
  leftOut: boolean;
}

/**
 * When sentences of a full rewrite were put back as written (or removed) because they changed a fact, or because
 * the rewrite left them out.
 */
export function repairedNote({ kept, removed, reasons, leftOut }: RepairedSentences): string {
  const them = (n: number, one: string, many: string): string => (n === 1 ? one : many);
  const parts: string[] = [];
  if (kept > 0) {
    const why = [...new Set(reasons.map(plainReason))].join('; ');
    parts.push(
      leftOut
        ? `The rewrite left out ${them(kept, '1 sentence', `${kept} sentences`)} of your text, so we put ${them(kept, 'it', 'them')} back as you wrote ${them(kept, 'it', 'them')}.`
        : `${kept} sentence${kept === 1 ? '' : 's'} of the rewrite changed what your text says, so we kept ${them(kept, 'it', 'them')} as you wrote ${them(kept, 'it', 'them')}${why ? ` (${why})` : ''}.`,
    );
  }
  if (removed > 0)
    parts.push(
      `${them(removed, '1 sentence', `${removed} sentences`)} the rewrite added ${them(removed, 'says', 'say')} something your text does not, so we took ${them(removed, 'it', 'them')} out.`,
    );
  return parts.join(' ');
}

/** The longest a fragment of the user's text is quoted in a note; longer ones end at a word with "…". */
const FRAGMENT_CHARS = 40;

/**
 * A repair's reason as the user reads it. The checks name what a rewrite lost by quoting a fragment
 * ('"**" was lost', a name cut at 40 characters, a quotation in its own quotes); this says it in words:
 * formatting marks, whole words, one pair of quotes.
 */
export function plainReason(reason: string): string {
  const m = /^"([\s\S]*)" was lost$/.exec(reason.trim());
  if (!m) return reason;
  const raw = m[1] ?? '';
  const quoted = /^["\u201c'\u2018]/.test(raw);
  let inner = raw.replace(/^["\u201c\u201d'\u2018\u2019]+|["\u201c\u201d'\u2018\u2019]+$/g, '').trim();
  if (!/[\p{L}\p{N}]/u.test(inner)) return 'formatting marks such as bold or a list marker were lost';
  // The checks cut fragments at 40 characters, sometimes inside a word: end at the last whole word.
  if (raw.length >= FRAGMENT_CHARS && /\s/.test(inner)) inner = `${inner.replace(/\s+\S*$/, '')}\u2026`;
  return quoted ? `the quotation \u201c${inner}\u201d was left out` : `\u201c${inner}\u201d was left out`;
}

/**
 * When the model's best draft changed the meaning and was set aside: kept a faithful draft, made a light
 * edit instead, or (`unchanged`) left the text as it was.
 */
export function meaningNote(fullRewrite: boolean, unchanged = false): string {
  if (fullRewrite) return 'We set aside a draft that changed what your text says and kept one that stays true to it.';
  return unchanged
    ? 'Our full rewrite changed what your text says, so we set it aside and left your text as it was.'
    : 'Our full rewrite changed what your text says, so we kept your meaning with a light edit instead.';
}
