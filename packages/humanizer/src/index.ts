import { contentRecall, wordCount } from './checks.ts';
import { detect, detectScore, type Detection } from './detector.ts';
import { detectLanguage } from './language.ts';
import { compareWithLightEdit, lightEdit } from './light-edit.ts';
import { modelHumanize } from './model/loop.ts';
import { countRepairs, describeRepairs, putBackOf } from './model/sentence-repair.ts';
import { keptIntact, normalizeKept, spansKept, withKept } from './protect.ts';
import { fnv1a } from './rng.ts';
import type { FallbackReason, HumanizeOptions, HumanizeResult, Mode, ModelAlternative } from './types.ts';

export type {
  AimOptions,
  AimResult,
  FallbackReason,
  HumanizeOptions,
  HumanizeResult,
  LlmConfig,
  Mode,
  ModelAlternative,
  Outcome,
  ProgressEvent,
  ReadingLevel,
  SentenceAfter,
  Tone,
  WritingOptions,
} from './types.ts';
export { READING_LEVELS, TONES } from './types.ts';
export { applyLocalStyle, localStyleSupport } from './local/style.ts';
export { sentenceAlternativesLocal, sentenceCandidates } from './local/candidates.ts';
export { checkFaithful, TOLERANCE, type Drift, type Faithfulness } from './model/faithfulness/index.ts';
export {
  judgeAndRepair,
  countRepairs,
  describeRepairs,
  type Repair,
  type RepairCounts,
} from './model/sentence-repair.ts';
export { fullTextPrompt, styleLines } from './model/prompts.ts';
export { detectLanguage, type LanguageGuess } from './language.ts';
export {
  factsOf,
  meaningReport,
  MEANING_FACT_KINDS,
  type MeaningFact,
  type MeaningFactKind,
  type MeaningReport,
  type SecondReading,
} from './meaning-report.ts';
export { keptIntact, keptOccurrences, normalizeKept } from './protect.ts';

const MAX_CHARS = 60_000;

type Extra = Partial<HumanizeResult> & Pick<HumanizeResult, 'engine'>;

/**
 * The outcome the user is told about, from what ran, whether the text changed and whether a model that was
 * given or expected did not write it (a fallback carries its reason). The one place it is derived.
 */
function outcomeOf(original: string, text: string, extra: Extra): HumanizeResult['outcome'] {
  if (extra.engine === 'model') return 'model';
  if (text === original) return 'unchanged';
  return extra.fallbackReason ? 'light-edit-fallback' : 'light-edit';
}

function finish(
  original: string,
  text: string,
  scoreBefore: number | null,
  start: number,
  extra: Extra,
  known?: Detection,
): HumanizeResult {
  // Text the detector cannot read (not English) gets no score and no sentence highlights.
  const after = scoreBefore === null ? null : (known ?? detect(text));
  return {
    text,
    scoreBefore,
    scoreAfter: after ? after.score : null,
    outcome: outcomeOf(original, text, extra),
    language: 'en',
    sentencesAfter: after
      ? after.sentences.map((s) => ({
          start: s.start,
          end: s.end,
          score: s.score,
          flagged: s.flagged,
          reasons: s.features,
        }))
      : [],
    tokensUsed: 0,
    tokensIn: 0,
    tokensOut: 0,
    candidates: 0,
    guardRejected: false,
    repairedSentences: 0,
    improved: after === null || scoreBefore === null ? true : after.score < scoreBefore,
    styleApplied: [],
    ms: Math.round(performance.now() - start),
    checks: {
      spansKept: spansKept(original, text),
      lengthRatio: wordCount(text) / Math.max(1, wordCount(original)),
      contentRecall: contentRecall(original, text),
    },
    ...extra,
  };
}

/**
 * Rewrite a text. With `llm` set, the model loop runs and falls back to the local clean-up when the
 * provider fails; without it, the local clean-up runs. Never throws for input under 60,000 characters.
 */
export async function humanize(text: string, opts: HumanizeOptions): Promise<HumanizeResult> {
  const start = performance.now();
  const mode: Mode = opts.mode === 'lightning' ? 'lightning' : 'deep';
  const seed = (opts.seed ?? fnv1a(text)) >>> 0;
  const keep = normalizeKept(opts.keep);
  const progress = (e: Parameters<NonNullable<HumanizeOptions['onProgress']>>[0]): void => {
    try {
      opts.onProgress?.(e);
    } catch {
      // A failing progress listener must not fail the rewrite.
    }
  };
  if (text.trim().length === 0 || text.length > MAX_CHARS) {
    const sc = text.trim().length === 0 ? 0 : safeScore(text);
    return finishSafe(text, text, sc, start, {
      engine: 'local',
      engineNote: text.trim().length === 0 ? 'empty input' : 'input too long; returned unchanged',
    });
  }
  const language = opts.language ?? detectLanguage(text);
  progress({ stage: 'detect' });
  // The detector and the local clean-up read English only: other languages get no score, and only a
  // model may rewrite them.
  let before: number | null = null;
  if (language.english) {
    try {
      before = detectScore(text).score;
    } catch {
      before = 0;
    }
  }
  const withLanguage = (r: HumanizeResult): HumanizeResult => ({ ...r, language: language.code });
  let localNote: string | undefined;
  // What a tried model cost and why it did not write the result; carried onto the local result. A model
  // that was expected but not given makes any local result a fallback from the start.
  let tried: {
    tokensUsed: number;
    tokensIn: number;
    tokensOut: number;
    candidates: number;
    model?: string;
    guardRejected: boolean;
    setAside?: string[];
    fallbackReason?: FallbackReason;
  } = {
    tokensUsed: 0,
    tokensIn: 0,
    tokensOut: 0,
    candidates: 0,
    guardRejected: false,
    ...(opts.llm == null && opts.modelExpected ? { fallbackReason: 'unavailable' as const } : {}),
  };
  if (opts.llm) {
    try {
      // The frozen phrases become placeholders of the model document (built before the first call).
      const llm = opts.llm;
      const r = await withKept(keep, () =>
        modelHumanize(text, {
          ...opts,
          mode,
          seed,
          llm,
          writing: opts.writing,
          scoreBefore: before ?? 0,
          scored: language.english,
          progress,
          avoidText: opts.secondPass ? opts.avoidText : undefined,
        }),
      );
      const use = {
        tokensUsed: r.tokensUsed,
        tokensIn: r.tokensIn,
        tokensOut: r.tokensOut,
        candidates: r.candidates,
        model: r.model,
        guardRejected: r.guardRejected,
        setAside: r.setAside,
      };
      if (r.ok && !keptIntact(text, r.text, keep)) {
        tried = {
          ...use,
          setAside: [...r.setAside, 'frozen-phrase'],
          model: undefined,
          fallbackReason: 'frozen-phrase',
        };
        localNote = 'model answer changed a frozen phrase; local clean-up used';
      } else if (r.ok) {
        const repairedSentences = r.repairs.reduce((n, x) => n + Math.max(1, x.restored), 0);
        const repairs = {
          repairedSentences,
          repairNote: r.repairs.length > 0 ? describeRepairs(r.repairs) : undefined,
          ...(r.repairs.length > 0 ? { repairs: countRepairs(r.repairs) } : {}),
          ...(putBackOf(r.repairs).length > 0 ? { putBack: putBackOf(r.repairs) } : {}),
        };
        // Never hand over worse (decision 0059): an English rewrite is delivered only when it scores lower
        // than the light edit of the same text. One an outside detector chose by its own score (aimed) is not
        // second-guessed by ours; an aimed detector that gave no score chose nothing.
        const modelDet = before === null ? undefined : detect(r.text);
        const aimChose = r.aim !== undefined && r.aim.score !== null;
        const light =
          modelDet && before !== null && !aimChose && !opts.signal?.aborted
            ? compareWithLightEdit(text, mode, seed, opts, keep, before, modelDet.score)
            : null;
        if (light && modelDet) {
          progress({ stage: 'done', bestScore: light.score });
          const alternative: ModelAlternative = {
            text: r.text,
            score: modelDet.score,
            deliveredScore: light.score,
            delivered: light.edit.text === text ? 'unchanged' : 'light-edit',
            reason: Math.round(modelDet.score) > Math.round(light.score) ? 'scored-higher' : 'scored-same',
            ...(r.model ? { model: r.model } : {}),
            ...repairs,
          };
          return withLanguage(
            finish(
              text,
              light.edit.text,
              before,
              start,
              {
                engine: 'local',
                engineNote: [
                  `model rewrite scored ${modelDet.score}, not lower than the ${light.edit.text === text ? 'text' : 'light edit'} (${light.score}); light edit delivered, model rewrite offered as the alternative`,
                  r.note,
                  light.edit.note,
                ]
                  .filter(Boolean)
                  .join('; '),
                ...use,
                model: undefined,
                styleApplied: light.edit.styleApplied,
                // The aimed detector gave no score: true of the delivered text as well.
                ...(r.aim ? { aim: r.aim } : {}),
                alternative,
              },
              light.edit.detection,
            ),
          );
        }
        progress({ stage: 'done', bestScore: before === null ? undefined : r.scoreAfter });
        return withLanguage(
          finish(
            text,
            r.text,
            before,
            start,
            {
              engine: 'model',
              engineNote: r.note,
              ...use,
              ...repairs,
              ...(r.aim ? { aim: r.aim } : {}),
              ...(r.secondReading ? { secondReading: r.secondReading } : {}),
            },
            modelDet,
          ),
        );
      } else {
        tried = { ...use, model: undefined, fallbackReason: r.category };
        localNote = `${r.reason}; local clean-up used`;
      }
    } catch (err) {
      tried = { ...tried, fallbackReason: opts.signal?.aborted ? 'aborted' : 'unreachable' };
      localNote = `model provider failed (${err instanceof Error ? err.message : String(err)}); local clean-up used`;
    }
  }
  if (!language.english) {
    return withLanguage(
      finishSafe(text, text, null, start, {
        engine: 'local',
        engineNote: [localNote, `text is not English (${language.code}); returned unchanged`]
          .filter(Boolean)
          .join('; '),
        ...tried,
      }),
    );
  }
  if (opts.signal?.aborted) {
    return finishSafe(text, text, before, start, {
      engine: 'local',
      engineNote: [localNote, 'aborted; text returned unchanged'].filter(Boolean).join('; '),
      ...tried,
    });
  }
  try {
    progress({ stage: 'rewrite' });
    const light = lightEdit(text, mode, seed, opts, keep, before);
    progress({ stage: 'checks' });
    const result = finish(
      text,
      light.text,
      before,
      start,
      {
        engine: 'local',
        engineNote: [localNote, light.note].filter(Boolean).join('; ') || undefined,
        ...tried,
        model: undefined,
        styleApplied: light.styleApplied,
      },
      light.detection,
    );
    progress({ stage: 'done', bestScore: result.scoreAfter ?? undefined });
    return result;
  } catch (err) {
    return finishSafe(text, text, before, start, {
      engine: 'local',
      engineNote: `local clean-up failed (${err instanceof Error ? err.message : String(err)}); text returned unchanged`,
      // A tried or expected model's reason stays: the unchanged text is still a fallback.
      ...tried,
      model: undefined,
    });
  }
}

function safeScore(text: string): number {
  try {
    return detect(text).score;
  } catch {
    return 0;
  }
}

function finishSafe(
  original: string,
  text: string,
  before: number | null,
  start: number,
  extra: Extra,
): HumanizeResult {
  try {
    return finish(original, text, before, start, extra);
  } catch {
    return {
      text,
      scoreBefore: before,
      scoreAfter: before,
      outcome: outcomeOf(original, text, extra),
      language: 'en',
      sentencesAfter: [],
      tokensUsed: 0,
      tokensIn: 0,
      tokensOut: 0,
      candidates: 0,
      guardRejected: false,
      repairedSentences: 0,
      improved: false,
      styleApplied: [],
      ms: Math.round(performance.now() - start),
      checks: { spansKept: true, lengthRatio: 1, contentRecall: 1 },
      ...extra,
    };
  }
}
