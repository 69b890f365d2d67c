/**
 * Database schema: better-auth's tables (user, session, account, verification, rate_limit, jwks) and the
 * product's tables named as the spec names them. Edit here, then `npm run db:generate -w apps/server`
 * to write a migration into ./drizzle (applied on boot).
 */
import { sql } from 'drizzle-orm';
import type { AimResult, PutBackSentence, SecondReading, StoredAlternative } from '@plainspoken/shared';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// ---- better-auth ----
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  lastSignInAt: ts('last_sign_in_at'),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at'),
});

/** better-auth's twoFactor plugin: the encrypted TOTP secret and backup codes of one user. */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: ts('locked_until'),
  },
  (t) => [index('two_factor_secret_idx').on(t.secret), index('two_factor_user_id_idx').on(t.userId)],
);

// ---- product ----
export const subscribers = pgTable(
  'subscribers',
  {
    user_id: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    subscription_tier: text('subscription_tier').notNull().default('FREE'),
    subscribed: boolean('subscribed').notNull().default(false),
    monthly_word_balance: integer('monthly_word_balance').notNull().default(250),
    subscription_end: ts('subscription_end'),
    balance_reset_date: ts('balance_reset_date'),
    paddle_customer_id: text('paddle_customer_id'),
    paddle_subscription_id: text('paddle_subscription_id'),
    billing_period: text('billing_period'),
    subscription_cancelled_at: ts('subscription_cancelled_at'),
    cancellation_end_date: ts('cancellation_end_date'),
    /**
     * When the paid plan last changed within a subscription (another tier or billing period): from then on
     * the plan held was paid at its list price (prorated), so a code redeemed before no longer describes it.
     */
    plan_changed_at: ts('plan_changed_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subscribers_email_idx').on(t.email), index('subscribers_customer_idx').on(t.paddle_customer_id)],
);

export const transformations = pgTable(
  'transformations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    original_text: text('original_text').notNull(),
    transformed_text: text('transformed_text').notNull(),
    mode: text('mode').notNull().default('lightning'),
    words_charged: integer('words_charged').notNull().default(0),
    score_before: integer('score_before'),
    score_after: integer('score_after'),
    engine: text('engine'),
    tokens_used: integer('tokens_used').notNull().default(0),
    usage_tracked_at: ts('usage_tracked_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    /** The writing options and frozen phrases of the rewrite (null/[] for rows from before they were stored). */
    tone: text('tone'),
    reading_level: text('reading_level'),
    keep: jsonb('keep').$type<string[]>().notNull().default([]),
    /** When the user last edited the result in place (transformed_text then holds their edit). */
    edited_at: ts('edited_at'),
    /** The rewrite as the engine wrote it (null on rows from before it was kept): tells the user's edits apart. */
    rewrite_text: text('rewrite_text'),
    /** Sentence alternatives offered for this entry (the latest 30): a chosen one is the engine's words. */
    offered: jsonb('offered').$type<string[]>().notNull().default([]),
    /** Deep aimed at an outside detector (decision 0040): which one, its score of the result or why none. */
    aim: jsonb('aim').$type<AimResult>(),
    /**
     * What the result said had happened, as the user read it (null/[] on rows from before it was kept): the
     * summary ("Full rewrite…", "Light edit: …") and the notes (sentences put back, a draft set aside, …).
     */
    summary: text('summary'),
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    /**
     * The model's rewrite not delivered because it did not score lower than the light edit (decision 0059),
     * offered beside the result, never charged; null when there was none (and on older rows).
     */
    alternative: jsonb('alternative').$type<StoredAlternative>(),
    /**
     * The sentences the meaning check put back as the user wrote them in the delivered model rewrite, why, and
     * the rule that found each (the meaning report reads them again in History); [] when none was (and on older rows).
     */
    put_back: jsonb('put_back').$type<PutBackSentence[]>().notNull().default([]),
    /**
     * What the model's second reading compared of the delivered model rewrite (decision 0067; the meaning report
     * says it again in History); null when none was asked (and on older rows).
     */
    second_reading: jsonb('second_reading').$type<SecondReading>(),
  },
  (t) => [index('transformations_user_created_idx').on(t.user_id, t.created_at, t.id)],
);

/**
 * An uploaded Word file's own look, kept with the rewrite made from it (decision 0036): its styles part
 * (numbering and theme parts when present) and each original text block's paragraph properties. At most
 * DOCUMENTS.layoutMaxBytes; deleted with the transformation.
 */
export const transformation_layouts = pgTable('transformation_layouts', {
  transformation_id: uuid('transformation_id')
    .primaryKey()
    .references(() => transformations.id, { onDelete: 'cascade' }),
  styles: text('styles').notNull(),
  numbering: text('numbering'),
  theme: text('theme'),
  paragraphs: jsonb('paragraphs')
    .$type<({ style?: string; num?: { id: number; level: number }; align?: string } | null)[]>()
    .notNull(),
  bytes: integer('bytes').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const webhook_debug_logs = pgTable(
  'webhook_debug_logs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    event_id: text('event_id'),
    event_type: text('event_type').notNull(),
    success: boolean('success').notNull(),
    processed_at: ts('processed_at').notNull().defaultNow(),
    error_message: text('error_message'),
    raw_payload: jsonb('raw_payload'),
  },
  (t) => [index('webhook_logs_processed_idx').on(t.processed_at)],
);

/** A promotion code redeemed by a user: written when a checkout with the code completes (once per user and code). */
export const promotion_redemptions = pgTable(
  'promotion_redemptions',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    transaction_id: text('transaction_id'),
    redeemed_at: ts('redeemed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.code] })],
);

/**
 * A timed offer's window per account (the back-to-school sale's 48 hours): started once, the first time
 * the offer is shown to the account on any device; the code is refused after `ends_at`.
 */
export const promotion_windows = pgTable(
  'promotion_windows',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    started_at: ts('started_at').notNull(),
    ends_at: ts('ends_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.code] })],
);

/** One row per applied provider event: what makes replays harmless. */
export const processed_webhook_events = pgTable('processed_webhook_events', {
  event_id: text('event_id').primaryKey(),
  event_type: text('event_type').notNull(),
  processed_at: ts('processed_at').notNull().defaultNow(),
});

/** The local outbox used when no SMTP server is configured. */
export const mail_outbox = pgTable('mail_outbox', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Per-user, per-function request windows; one row per key, updated atomically. */
export const function_rate_limits = pgTable('function_rate_limits', {
  key: text('key').primaryKey(),
  last_at: bigint('last_at', { mode: 'number' }).notNull(),
});

/** Guards scheduled jobs so several server processes run each daily job once. */
export const job_runs = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    run_key: text('run_key').notNull(),
    started_at: ts('started_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.run_key] })],
);

// ---- engine (model provider, usage per rewrite, writing options) ----
/** One row per rewrite: what the engine did and what it cost (the operator's engine page reads these). */
export const engine_usage = pgTable(
  'engine_usage',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    created_at: ts('created_at').notNull().defaultNow(),
    mode: text('mode').notNull(),
    /** 'model' or 'local': what wrote the result. */
    engine: text('engine').notNull(),
    /** 'ollama', 'openai-compatible' or 'none'. */
    provider: text('provider').notNull(),
    model: text('model'),
    words: integer('words').notNull(),
    tokens_in: integer('tokens_in').notNull().default(0),
    tokens_out: integer('tokens_out').notNull().default(0),
    candidates: integer('candidates').notNull().default(0),
    duration_ms: integer('duration_ms').notNull(),
    fell_back: boolean('fell_back').notNull().default(false),
    fallback_reason: text('fallback_reason'),
    guard_rejected: boolean('guard_rejected').notNull().default(false),
    /** One reason per model draft the checks set aside in this rewrite ('number', 'structure', ...). */
    set_aside: jsonb('set_aside').$type<string[]>().notNull().default([]),
  },
  (t) => [index('engine_usage_created_idx').on(t.created_at)],
);

/** Operator choices that outlive a restart (the model each mode uses). */
export const engine_settings = pgTable('engine_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** The writing options a user last chose (tone, reading level) and their frozen phrases. */
export const writing_preferences = pgTable('writing_preferences', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  tone: text('tone').notNull().default('neutral'),
  reading_level: text('reading_level').notNull().default('standard'),
  /** Frozen phrases: kept verbatim by every rewrite. */
  keep: jsonb('keep').$type<string[]>().notNull().default([]),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
/**
 * Personal API keys (the public API). Only the SHA-256 of the key is stored; `prefix` is its visible start
 * (`ps_live_` and a few characters), shown so the owner can tell keys apart. A revoked key stays as a row
 * with `revoked_at` set, so a request with it is answered "revoked" rather than "unknown".
 */
export const api_keys = pgTable(
  'api_keys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull().unique(),
    created_at: ts('created_at').notNull().defaultNow(),
    last_used_at: ts('last_used_at'),
    revoked_at: ts('revoked_at'),
  },
  (t) => [index('api_keys_user_idx').on(t.user_id, t.created_at)],
);

/**
 * Browsers connected with the extension (docs/decisions/0049). A row is born at the user's approval with a
 * one-time code (its SHA-256) bound to the extension's PKCE challenge; trading the code for a token clears
 * the code and stores the token's SHA-256 and first characters. Revoking keeps the row with `revoked_at`.
 */
export const extension_connections = pgTable(
  'extension_connections',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix'),
    token_hash: text('token_hash').unique(),
    code_hash: text('code_hash').unique(),
    code_challenge: text('code_challenge'),
    code_expires_at: ts('code_expires_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    last_used_at: ts('last_used_at'),
    revoked_at: ts('revoked_at'),
  },
  (t) => [index('extension_connections_user_idx').on(t.user_id, t.created_at)],
);

/**
 * Idempotency keys of the public API, per key owner: the fingerprint of the first request (method, path,
 * body) and, once it succeeded, the answer a retry gets back. A row without a response is a request still
 * running. Kept in the database so every server process sees the same keys.
 */
export const api_idempotency = pgTable(
  'api_idempotency',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    request_hash: text('request_hash').notNull(),
    response_status: integer('response_status'),
    response_body: text('response_body'),
    created_at: ts('created_at').notNull().defaultNow(),
    completed_at: ts('completed_at'),
    /** The server process (server_instances.id) running the request; null on rows from before owners. */
    owner: text('owner'),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] }), index('api_idempotency_created_idx').on(t.created_at)],
);

/**
 * Every running server process, with a heartbeat: a claim (an idempotency key) whose process stopped
 * beating, or is gone from this host, belongs to a dead process and is taken over at once.
 */
export const server_instances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  started_at: ts('started_at').notNull(),
  heartbeat_at: ts('heartbeat_at').notNull(),
});

/**
 * The word ledger: one row per rewrite that took words. Reserved with the balance in one statement,
 * then either saved (with its transformation, in one statement) or refunded (with the balance, in one
 * statement, never twice). A reservation left open by a crash is refunded once it expires
 * (domain/word-ledger.ts), so words charged = words in stored transformations + words refunded.
 */
export const word_charges = pgTable(
  'word_charges',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    words: integer('words').notNull(),
    mode: text('mode').notNull(),
    /** reserved | saved | refunded */
    status: text('status').notNull().default('reserved'),
    transformation_id: uuid('transformation_id'),
    /** The Idempotency-Key of the request that reserved it (if any): a dead claim's reservation is refunded at takeover. */
    idempotency_key: text('idempotency_key'),
    created_at: ts('created_at').notNull().defaultNow(),
    /** After this, an open reservation belongs to a request that is gone: the sweep refunds it. */
    expires_at: ts('expires_at').notNull(),
    settled_at: ts('settled_at'),
  },
  (t) => [
    index('word_charges_open_idx')
      .on(t.expires_at)
      .where(sql`status = 'reserved'`),
    index('word_charges_user_idx').on(t.user_id),
  ],
);
