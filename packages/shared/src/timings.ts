/** Every timing of the spec (section 9), in milliseconds. */
export const TIMINGS = {
  resendCooldownMs: 30_000,
  limitsCacheFreeMs: 5 * 60_000,
  limitsCachePaidMs: 2 * 60_000,
  subscriptionCacheMs: 2 * 60_000,
  balanceThrottleMs: 5_000,
  limitsPollStartMs: 1_000,
  limitsPollIntervalMs: 3_000,
  limitsPollAttempts: 8,
  subscriptionPollIntervalMs: 1_500,
  subscriptionPollAttempts: 13,
  focusRefreshDelayMs: 500,
  cacheClearRefreshDelayMs: 100,
  expirationRefreshDelayMs: 1_000,
  startupTrackingDelayMs: 1_000,
} as const;

/** Per-user server rate limits: one request per window (spec section 5, spec decision 4). */
export const RATE_LIMITS = {
  checkBalanceMs: 5_000,
  humanizeMs: 3_000,
  trackUsageMs: 2_000,
  /** AI check: one per window per signed-in user, and per client IP for visitors without an account. */
  aiCheckUserMs: 2_000,
  aiCheckIpMs: 3_000,
  /** Whether a sentence can be rewritten, asked as the user clicks through the sentences (free). */
  sentenceCheckMs: 300,
} as const;

/** The AI check page (/ai-check): checking costs no words. */
export const AI_CHECK = {
  /** Words per check without an account; signed-in users get their plan's request cap (at least this). */
  anonymousWords: 500,
  minWords: 50,
} as const;

export const PROMOTIONS = {
  summer: {
    code: 'SUMMEROFF50',
    endsAt: Date.UTC(2025, 7, 10, 23, 59, 59),
    autoOpenDelayMs: 1_500,
    pulseEveryMs: 5_000,
    pulseForMs: 2_000,
  },
  backToSchool: {
    /** Campaign switch (spec decision 9). */
    enabled: true,
    code: 'BACK2SCHOOL40',
    durationMs: 48 * 3_600_000,
    pulseEveryMs: 2_000,
    pulseForMs: 500,
  },
} as const;

export const LEGAL_LAST_UPDATED = 'July 1, 2025';
