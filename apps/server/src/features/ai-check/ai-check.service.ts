/**
 * The AI check: the detector's verdict on a pasted text, with sentence highlights and reasons. It costs no
 * words. Visitors without an account may check AI_CHECK.anonymousWords per request, users their plan's
 * request cap (never less than a visitor). Only English is scored; other languages are refused plainly.
 */
import { sentencesBackFlag, SHORT_TEXT_WORDS, textReliability, type Reliability } from '@plainspoken/detector';
import {
  AI_CHECK,
  MSG,
  aiCheckCaution,
  aiCheckWordLimit,
  countWords,
  languageName,
  type AiCheckOutput,
  type AiCheckVerdict,
  type Tier,
} from '@plainspoken/shared';
import { detectLanguage } from '@plainspoken/humanizer/language';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { DetectOutput, Engine } from '../../lib/engine/engine';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import { scannerFor } from '../../lib/outside-detectors/allowance';
import { effectiveTier, loadSubscriber, type SubscriberRow } from '../../domain/subscribers';

/** What a check may do, decided before any detector work: the words, the cap, the language and the caller. */
export interface CheckPlan {
  words: number;
  limit: number;
  language: string;
  /** The signed-in caller and plan (outside detectors' allowance); null for a visitor. */
  user: { id: string; tier: Tier } | null;
}

export interface CheckDeps {
  engine: Engine;
  db: Db;
  env: Env;
  now: () => Date;
  logger?: Logger;
}

type Caller = { id: string; email: string; subscriber?: SubscriberRow | null };

export async function checkLimit(db: Db, u: Caller | null, now: Date): Promise<{ limit: number; tier: Tier | null }> {
  if (!u) return { limit: AI_CHECK.anonymousWords, tier: null };
  const tier = effectiveTier(await loadSubscriber(db, u, now, u.subscriber), now);
  return { limit: aiCheckWordLimit(tier), tier };
}

/** Refusals that need no detector work; run before the rate limit so a mistake does not cost a wait. */
export async function validateCheck(db: Db, u: Caller | null, text: string, now: Date): Promise<CheckPlan> {
  const words = countWords(text);
  if (words < AI_CHECK.minWords)
    throw new AppError('MIN_WORDS', 400, MSG.aiCheckMinWords, { details: { min: AI_CHECK.minWords, words } });
  const { limit, tier } = await checkLimit(db, u, now);
  if (words > limit) {
    const message =
      tier === null
        ? MSG.aiCheckAnonymousLimit(limit)
        : MSG.aiCheckLimitExceeded(limit, tier === 'FREE' ? 'Free' : tier);
    throw new AppError('WORD_LIMIT_EXCEEDED', 400, message, { details: { cap: limit, tier, words } });
  }
  const language = detectLanguage(text);
  if (!language.english) {
    throw new AppError('UNSUPPORTED_LANGUAGE', 422, MSG.englishOnlyCheck(languageName(language.code)), {
      details: { language: language.code },
    });
  }
  return { words, limit, language: language.code, user: u && tier ? { id: u.id, tier } : null };
}

/** The word shares behind the composition (the detector's VerdictStats), from the composition's percents. */
function statsOf(c: DetectOutput['composition']) {
  return { aiWords: c.ai, mixedWords: c.mixed, humanWords: c.human, run: 0 };
}

/**
 * What the check says about a text the detector cannot tell apart for its kind (a short text, an email): the
 * verdict is "hard to judge" unless its sentences back a flag, and a caution says how sure the check is. Other
 * texts keep the detector's verdict; a short one still gets a caution (issue 57, decision 0058).
 */
export function checkVerdict(
  d: Pick<DetectOutput, 'flagged' | 'verdict' | 'composition'>,
  r: Pick<Reliability, 'words' | 'hardToJudge' | 'reason' | 'emailLike' | 'measured'>,
): { verdict: AiCheckVerdict; caution: string | null } {
  const caution = aiCheckCaution({
    reason: r.hardToJudge ? r.reason : null,
    short: r.words < SHORT_TEXT_WORDS,
    emailLike: r.emailLike,
    measured: r.measured,
  });
  const backed = sentencesBackFlag({ flagged: d.flagged, stats: statsOf(d.composition) });
  const verdict = r.hardToJudge && d.verdict !== 'human' && !backed ? 'unclear' : d.verdict;
  return { verdict, caution };
}

/**
 * Our detector in a worker and, at the same time, each configured outside detector (never failing the
 * check: an outside detector that fails shows as unavailable).
 */
export async function runCheck(deps: CheckDeps, text: string, v: CheckPlan): Promise<AiCheckOutput> {
  const scan = scannerFor(deps.env, deps.db, v.user, deps.now(), deps.logger);
  const [d, detectors] = await Promise.all([deps.engine.detect(text), scan ? scan(text) : []]);
  const { verdict, caution } = checkVerdict(d, textReliability(text));
  return {
    score: d.score,
    flagged: d.flagged,
    words: v.words,
    word_limit: v.limit,
    language: v.language,
    sentences: d.sentences,
    verdict,
    composition: d.composition,
    caution,
    detectors,
  };
}
