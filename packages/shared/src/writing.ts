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

/** The user-facing line about writing options on a result, or null when there is nothing to say. */
export function writingNote(o: WritingOptions, r: { fullRewrite: boolean; applied: string[] }): string | null {
  if (o.tone === 'neutral' && o.readingLevel === 'standard') return null;
  const chosen = [
    o.tone !== 'neutral' ? `${TONE_LABELS[o.tone].toLowerCase()} tone` : null,
    o.readingLevel !== 'standard' ? `${READING_LEVEL_LABELS[o.readingLevel].toLowerCase()} reading level` : null,
  ]
    .filter(Boolean)
    .join(' and ');
  if (r.fullRewrite) return `Written in ${withArticle(chosen)}.`;
  const missing = [
    !LIGHT_EDIT_TONES.includes(o.tone) ? `${TONE_LABELS[o.tone].toLowerCase()} tone` : null,
    !LIGHT_EDIT_LEVELS.includes(o.readingLevel)
      ? `${READING_LEVEL_LABELS[o.readingLevel].toLowerCase()} reading level`
      : null,
  ].filter(Boolean);
  const did = r.applied.length > 0 ? `For your ${chosen} we used ${r.applied.join(' and ')}.` : null;
  const not =
    missing.length > 0
      ? `${capitalised(withArticle(missing.join(' and ')))} needs a full rewrite, so this light edit kept your wording's style there.`
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
    const why = reasons.join('; ');
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

/** When the model's best draft changed the meaning and was set aside. */
export function meaningNote(fullRewrite: boolean): string {
  return fullRewrite
    ? 'We set aside a draft that changed what your text says and kept one that stays true to it.'
    : 'Our full rewrite changed what your text says, so we kept your meaning with a light edit instead.';
}
