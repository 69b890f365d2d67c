/**
 * Outside AI detectors (GPTZero, Sapling, Originality.ai, Winston AI): the operator turns each on with its
 * key; the AI check, the home result and the API show their answers beside Plainspoken's own score.
 * Each number is the vendor's own answer, mapped to "how likely machine-written, 0-100"; we never
 * average them or claim a verdict they did not give.
 */
import type { Tier } from './plans';

export const OUTSIDE_DETECTORS = ['gptzero', 'sapling', 'originality', 'winston'] as const;
export type OutsideDetectorId = (typeof OUTSIDE_DETECTORS)[number];

export const OUTSIDE_DETECTOR_NAMES: Record<OutsideDetectorId, string> = {
  gptzero: 'GPTZero',
  sapling: 'Sapling',
  originality: 'Originality.ai',
  winston: 'Winston AI',
};

/**
 * Scans of each outside detector one account may use per calendar month (UTC). A repeated text is answered
 * from the cache and costs no scan. Visitors without an account get none (each scan costs the operator).
 */
export const OUTSIDE_SCAN_ALLOWANCE: Record<Tier, number> = { FREE: 5, Basic: 50, Pro: 200, Ultra: 500 };

/** Why an outside detector gave no score, in words for the user. */
export const OUTSIDE_MSG = {
  timeout: 'No answer in time',
  rateLimited: (seconds: number) => `Busy (rate limited); try again in ${seconds} s`,
  coolingDown: (seconds: number) => `Paused after errors; try again in ${seconds} s`,
  auth: 'Our key was refused (the operator needs to check it)',
  badAnswer: 'Its answer could not be read',
  httpError: (status: number) => `It answered with an error (HTTP ${status})`,
  network: 'Could not be reached',
  allowanceUsed: (n: number) => `Monthly allowance used (${n} scans on your plan)`,
  signInRequired: "Sign in to see this detector's score",
  tooShort: (min: number) => `Needs at least ${min} characters`,
  notConfigured: 'Not set up on this server',
} as const;

/**
 * Aiming Deep at one outside detector (decision 0040): the most texts one rewrite may have that detector
 * score: Deep's three candidates, then the final text when the rework rounds changed it. Each scan that
 * reaches the vendor counts against the plan's monthly allowance; a cached answer does not.
 */
export const AIM_CALLS = 4;

/** The "Aim at" choice and what the result says about it. */
export const AIM_MSG = {
  label: 'Aim at',
  ours: 'Our detector',
  hint: 'Deep keeps the faithful candidate this detector scores lowest.',
  /** Why the choice is off (the home card shows it beside the disabled select). */
  needsModel: 'Needs a connected model',
  deepOnly: 'Deep mode only',
  result: (name: string, score: number) => `Aimed at ${name}: ${score}% AI`,
  noScore: (name: string, reason: string) => `Aimed at ${name}: no score (${reason})`,
  /** The reason when the aimed detector answered none of the texts. */
  gaveNone: (name: string) => `${name} gave no score`,
  notAimed: 'the model did not write this rewrite',
  /** Refusals, before anything is charged. */
  refusedNotConfigured: (name: string) =>
    `${name} is not set up on this server, so a rewrite cannot aim at it. Leave "aimAt" out or choose a detector GET /api/engine-state lists. Nothing was charged.`,
  refusedLightning:
    'Aiming at a detector works in Deep mode only: Deep writes several candidates to choose from. Choose Deep or leave "aimAt" out. Nothing was charged.',
  refusedNoModel:
    'Aiming at a detector needs a connected rewriting model, and none is connected right now. Leave "aimAt" out or try again once a model is connected. Nothing was charged.',
} as const;

/** What an aim result's line reads (the full answer's schema: `aimResult` in outside-detector-schemas.ts). */
export interface AimSummary {
  detector?: OutsideDetectorId;
  name: string;
  score: number | null;
  calls?: number;
  reason: string | null;
}

/** What the result says about the aim ("Aimed at GPTZero: 12% AI"). */
export function aimLine(aim: AimSummary): string {
  return aim.score === null
    ? AIM_MSG.noScore(aim.name, aim.reason ?? AIM_MSG.gaveNone(aim.name))
    : AIM_MSG.result(aim.name, aim.score);
}
