/**
 * What the server will do with a rewrite right now (GET /api/engine-state), said the same way on the home
 * card, the admin banner, the public API's refusals and the `npm start` line. Without a connected model
 * both modes make the same light edit (decision 0025): options only a model can follow are shown disabled
 * and refused (422) before anything is charged.
 */
import type { HumanizeMode } from './modes';
import type { OutsideDetectorId } from './outside-detectors';
import { READING_LEVEL_LABELS, TONE_LABELS, type ReadingLevel, type WritingTone } from './writing';

/** The model docs/engine.md names for Ollama; pulling it is the one step that connects a model. */
export const RECOMMENDED_MODEL = 'qwen2.5:7b-instruct';
export const SETUP_COMMAND = `ollama pull ${RECOMMENDED_MODEL}`;
/**
 * How long a model that was seen answering stays expected after it stops answering. Within it a light edit is
 * a fallback ("no rewriting model is connected right now", free); beyond it the server no longer expects the
 * model, and every label and result says what it does without one, as if none had been seen.
 */
export const MODEL_GONE_AFTER_MS = 5 * 60_000;

/** Where an admin reads the one-step setup (docs/engine.md's Ollama section is mirrored on the engine page). */
export const SETUP_PATH = '/admin/engine';

export interface EngineState {
  /** A model writes this mode's rewrites now. */
  model: Record<HumanizeMode, boolean>;
  /** Median seconds per rewrite of up to 500 words by the model over the last 30 days (null: no data yet). */
  modelSeconds: Record<HumanizeMode, number | null>;
  /** The caller may configure the engine (shows the setup banner). */
  admin: boolean;
  setupCommand: string;
  /** The outside detectors the operator set up, which a Deep rewrite may aim at (absent: none). */
  outsideDetectors?: OutsideDetectorId[];
}

/** Tones and reading levels only a model can follow. */
export const MODEL_ONLY_TONES: readonly WritingTone[] = ['professional', 'academic', 'persuasive'];
export const MODEL_ONLY_LEVELS: readonly ReadingLevel[] = ['advanced'];

/** The options of a request that only a model can follow (labels, for messages). */
export function modelOnlyOptions(o: { tone?: WritingTone | null; readingLevel?: ReadingLevel | null }): string[] {
  const out: string[] = [];
  if (o.tone && MODEL_ONLY_TONES.includes(o.tone)) out.push(`${TONE_LABELS[o.tone]} tone`);
  if (o.readingLevel && MODEL_ONLY_LEVELS.includes(o.readingLevel))
    out.push(`${READING_LEVEL_LABELS[o.readingLevel]} reading level`);
  return out;
}

export const ENGINE_MSG = {
  /** The home card without a model. */
  noModel:
    'No rewriting model is connected, so both modes make the same light edit: they swap stock phrases and machine-sounding words and leave your sentences as they are. Scores usually drop a few points.',
  noModelShort: 'light edit, no model connected',
  modelOnlyReason: 'Needs a connected model',
  pickerNoModel:
    'Professional, academic and persuasive tones and the advanced reading level need a connected model, so they are off and never charged. Casual tone and simple reading level work now (contractions and plainer linking words).',
  adminBanner: `No model is connected. One step connects one: install Ollama, run \`${SETUP_COMMAND}\`, and rewrites become full rewrites within a minute.`,
  adminBannerLink: 'Open the engine setup',
  /** The 422 for a request that asks for a model-only option without a model. */
  needsModel: (options: string[]): string =>
    `${options.join(' and ')} ${options.length > 1 ? 'need' : 'needs'} a connected rewriting model, and none is connected right now. Choose a neutral or casual tone and a simple or standard reading level, or try again once a model is connected. Nothing was charged.`,
  /** The mode labels' times are the model's median per 500 words (engine-state.ts), and say so. */
  deepWithModel: (seconds: number | null): string =>
    seconds === null
      ? 'full rewrite by the model'
      : `full rewrite, about ${Math.max(1, Math.round(seconds))} s per 500 words`,
  lightningWithModel: (seconds: number | null): string =>
    seconds === null ? 'faster model rewrite' : `faster, about ${Math.max(1, Math.round(seconds))} s per 500 words`,
  /** The home page's feature card on the two modes, by what the server does now (null: not known yet). */
  modesCard: (model: boolean | null): string =>
    model === null
      ? 'Deep Humanize and Lightning Mode: the card above says what each one does right now, and how long it takes.'
      : model
        ? 'Deep Humanize has the model rework sentence structure and word choice for the most natural result. Lightning Mode gives a quicker rewrite when time matters.'
        : 'No rewriting model is connected, so Deep Humanize and Lightning Mode make the same light edit: they swap stock phrases and machine-sounding words and leave your sentences as they are.',
  /** The FAQ's answer on the two modes, by what the server does now (null: not known yet). */
  modesFaq: (model: boolean | null): string =>
    model === null
      ? 'The card at the top of the page says what each mode does right now: with a rewriting model connected, Deep Humanize is its full rewrite and Lightning Mode its faster one; without one, both make the same light edit. Both keep your meaning, names and numbers.'
      : model
        ? 'Deep Humanize takes longer: the model reworks sentence rhythm, structure and word choice for the best result. Lightning Mode is faster and does a lighter pass. Both keep your meaning, names and numbers.'
        : 'Right now none: no rewriting model is connected, so both modes make the same light edit. They swap stock phrases and machine-sounding words, leave your sentences as they are, and keep your meaning, names and numbers.',
} as const;

/** The writing options a light edit runs with: options only a model can follow fall back to the plain ones. */
export function lightEditWriting<T extends { tone: WritingTone; readingLevel: ReadingLevel }>(o: T): T {
  return {
    ...o,
    tone: MODEL_ONLY_TONES.includes(o.tone) ? 'neutral' : o.tone,
    readingLevel: MODEL_ONLY_LEVELS.includes(o.readingLevel) ? 'standard' : o.readingLevel,
  };
}
