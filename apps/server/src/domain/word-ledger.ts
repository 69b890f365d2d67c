/**
 * The word ledger (decision 0002, extended): every rewrite's words are a row in word_charges.
 *   reserve: the balance goes down and the reservation is written, in one statement;
 *   save:    the transformation is written and the reservation marked saved, in one statement;
 *   refund:  the reservation is marked refunded and the balance goes up, in one statement, only from
 *            `reserved`, so nothing is refunded twice and nothing saved is refunded.
 * A process that dies between reserve and save leaves a `reserved` row; once it expires (the longest a
 * request can run, plus a margin) the sweep refunds it: at start-up, every few minutes, and in the daily
 * job. So at any quiet moment: words charged = words in stored transformations + words refunded.
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AimResult, PutBackSentence, SecondReading, StoredAlternative } from '@plainspoken/shared';
import type { Db } from '../db/client';
import { rowsOf } from '../lib/rate-limit';
import { currentIdempotencyKey } from '../lib/idempotency';

/** How long a reservation may stay open: the engine's own bound plus time to save. */
export function reservationHoldMs(engineTimeoutMs: number): number {
  return engineTimeoutMs + 15_000;
}

export interface Reservation {
  chargeId: string;
  /** The balance after the reservation. */
  remaining: number;
}

/** Takes `words` from the balance and records the reservation; null when the balance is too small. */
export async function reserveWords(
  db: Db,
  userId: string,
  words: number,
  mode: string,
  now: Date,
  holdMs: number,
): Promise<Reservation | null> {
  const w = Math.trunc(words);
  // Reserved under an Idempotency-Key: tagged, so a retry that takes over a dead claim refunds it at once.
  const key = currentIdempotencyKey(userId);
  const rows = rowsOf<{ id: string; balance: number }>(
    await db.execute(sql`
      WITH s AS (
        UPDATE subscribers SET monthly_word_balance = monthly_word_balance - ${w}, updated_at = ${now}
        WHERE user_id = ${userId} AND monthly_word_balance >= ${w}
        RETURNING monthly_word_balance)
      INSERT INTO word_charges (user_id, words, mode, status, created_at, expires_at, idempotency_key)
      SELECT ${userId}, ${w}, ${mode}, 'reserved', ${now}, ${new Date(now.getTime() + holdMs)}, ${key} FROM s
      RETURNING id, (SELECT monthly_word_balance FROM s) AS balance`),
  );
  const r = rows[0];
  return r ? { chargeId: r.id, remaining: Number(r.balance) } : null;
}

export interface TransformationValues {
  userId: string;
  originalText: string;
  transformedText: string;
  mode: string;
  scoreBefore: number | null;
  scoreAfter: number | null;
  engine: string | null;
  tokensUsed: number;
  usageTrackedAt: Date | null;
  /** The writing options and frozen phrases the rewrite ran with. */
  tone?: string | null;
  readingLevel?: string | null;
  keep?: string[];
  /** The outside detector the rewrite aimed at, with its score (decision 0040). */
  aim?: AimResult | null;
  /** What the result said had happened: its summary and notes, as the user read them. */
  summary?: string | null;
  notes?: string[];
  /** The model's rewrite not delivered (decision 0059), kept to show beside the result; never charged. */
  alternative?: StoredAlternative | null;
  /** The sentences the meaning check put back as the user wrote them (the meaning report lists them). */
  putBack?: PutBackSentence[];
  /** What the model's second reading compared of a delivered model rewrite (the meaning report says it). */
  secondReading?: SecondReading | null;
}

/**
 * Saves the transformation and settles the reservation in one statement. Returns the new row's id and
 * the words it carries: 0 when the reservation had already been refunded (the request outlived its hold),
 * so the user keeps the result without paying and the ledger still adds up.
 */
export async function saveWithCharge(
  db: Db,
  chargeId: string,
  v: TransformationValues,
  now: Date,
): Promise<{ id: string; wordsCharged: number }> {
  const id = randomUUID();
  const rows = rowsOf<{ id: string; words_charged: number }>(
    await db.execute(sql`
      WITH c AS (
        UPDATE word_charges SET status = 'saved', settled_at = ${now}, transformation_id = ${id}
        WHERE id = ${chargeId} AND status = 'reserved'
        RETURNING words)
      INSERT INTO transformations (id, user_id, original_text, transformed_text, rewrite_text, mode, words_charged, score_before, score_after, engine, tokens_used, usage_tracked_at, tone, reading_level, keep, aim, summary, notes, alternative, put_back, second_reading)
      VALUES (${id}, ${v.userId}, ${v.originalText}, ${v.transformedText}, ${v.transformedText}, ${v.mode}, COALESCE((SELECT words FROM c), 0),
              ${v.scoreBefore}, ${v.scoreAfter}, ${v.engine}, ${v.tokensUsed}, ${v.usageTrackedAt},
              ${v.tone ?? null}, ${v.readingLevel ?? null}, ${JSON.stringify(v.keep ?? [])}::jsonb,
              ${v.aim ? JSON.stringify(v.aim) : null}::jsonb, ${v.summary ?? null}, ${JSON.stringify(v.notes ?? [])}::jsonb,
              ${v.alternative ? JSON.stringify(v.alternative) : null}::jsonb, ${JSON.stringify(v.putBack ?? [])}::jsonb,
              ${v.secondReading ? JSON.stringify(v.secondReading) : null}::jsonb)
      RETURNING id, words_charged`),
  );
  const r = rows[0];
  if (!r) throw new Error('the transformation was not saved');
  return { id: r.id, wordsCharged: Number(r.words_charged) };
}

/**
 * Settles a reservation onto an existing transformation (a sentence rewritten on its own): the charge is
 * marked saved against it and its words are added to the transformation's, in one statement. Returns the
 * words added: 0 when the reservation had already been refunded or the entry is gone (then nothing changes).
 */
export async function settleOnto(db: Db, chargeId: string, transformationId: string, now: Date): Promise<number> {
  const rows = rowsOf<{ words: number }>(
    await db.execute(sql`
      WITH c AS (
        UPDATE word_charges SET status = 'saved', settled_at = ${now}, transformation_id = ${transformationId}
        WHERE id = ${chargeId} AND status = 'reserved'
          AND EXISTS (SELECT 1 FROM transformations WHERE id = ${transformationId})
        RETURNING words)
      UPDATE transformations SET words_charged = words_charged + (SELECT words FROM c)
      WHERE id = ${transformationId} AND EXISTS (SELECT 1 FROM c)
      RETURNING (SELECT words FROM c) AS words`),
  );
  return rows[0] ? Number(rows[0].words) : 0;
}

/** Gives a reservation's words back, once; returns the balance after, or null if it was already settled. */
export async function refundCharge(db: Db, chargeId: string, now: Date): Promise<number | null> {
  const rows = rowsOf<{ balance: number }>(
    await db.execute(sql`
      WITH c AS (
        UPDATE word_charges SET status = 'refunded', settled_at = ${now}
        WHERE id = ${chargeId} AND status = 'reserved'
        RETURNING user_id, words)
      UPDATE subscribers s SET monthly_word_balance = s.monthly_word_balance + c.words, updated_at = ${now}
      FROM c WHERE s.user_id = c.user_id
      RETURNING s.monthly_word_balance AS balance`),
  );
  return rows[0] ? Number(rows[0].balance) : null;
}

/**
 * Refunds reservations nobody will settle: those past their hold, or every open one when `all` (a PGlite
 * server holds its data folder alone, so at its start every open reservation belongs to a dead process).
 */
export async function refundAbandoned(
  db: Db,
  now: Date,
  opts: { all?: boolean } = {},
): Promise<{ refunded: number; words: number }> {
  const rows = rowsOf<{ n: number; w: number }>(
    await db.execute(sql`
      WITH c AS (
        UPDATE word_charges SET status = 'refunded', settled_at = ${now}
        WHERE status = 'reserved' AND (${opts.all === true} OR expires_at <= ${now})
        RETURNING user_id, words),
      per AS (SELECT user_id, sum(words)::int AS w, count(*)::int AS n FROM c GROUP BY user_id)
      UPDATE subscribers s SET monthly_word_balance = s.monthly_word_balance + per.w, updated_at = ${now}
      FROM per WHERE s.user_id = per.user_id
      RETURNING per.n AS n, per.w AS w`),
  );
  return rows.reduce((a, r) => ({ refunded: a.refunded + Number(r.n), words: a.words + Number(r.w) }), {
    refunded: 0,
    words: 0,
  });
}

export interface LedgerReport {
  /** Words taken from balances by every recorded rewrite. */
  charged: number;
  /** Words carried by stored transformations. */
  stored: number;
  refunded: number;
  /** Reservations still open (requests in flight, or a crash not yet swept). */
  open: number;
  openWords: number;
  /** Saved charges whose transformation is missing or carries other words. */
  savedWithoutResult: number;
  /** Transformations that carry words but no saved charge (charged outside the ledger). */
  resultsWithoutCharge: number;
  /** charged = stored + refunded + open words, and no row above is out of place. */
  ok: boolean;
}

/** The reconciliation check (tests, `npm run test:load`, `npm run test:faults`, the daily job's log line). */
export async function reconcileWords(db: Db): Promise<LedgerReport> {
  const [sums] = rowsOf<{ charged: number; saved: number; refunded: number; open: number; open_words: number }>(
    await db.execute(sql`
      SELECT COALESCE(sum(words), 0)::bigint AS charged,
             COALESCE(sum(words) FILTER (WHERE status = 'saved'), 0)::bigint AS saved,
             COALESCE(sum(words) FILTER (WHERE status = 'refunded'), 0)::bigint AS refunded,
             count(*) FILTER (WHERE status = 'reserved')::int AS open,
             COALESCE(sum(words) FILTER (WHERE status = 'reserved'), 0)::bigint AS open_words
      FROM word_charges`),
  );
  const [stored] = rowsOf<{ w: number }>(
    await db.execute(sql`SELECT COALESCE(sum(words_charged), 0)::bigint AS w FROM transformations`),
  );
  const [orphans] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM (
        SELECT c.transformation_id, sum(c.words) AS words FROM word_charges c
        WHERE c.status = 'saved' GROUP BY c.transformation_id) c
      LEFT JOIN transformations t ON t.id = c.transformation_id
      WHERE t.id IS NULL OR t.words_charged <> c.words`),
  );
  const [unledgered] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM transformations t
      WHERE t.words_charged > 0 AND NOT EXISTS (SELECT 1 FROM word_charges c WHERE c.transformation_id = t.id AND c.status = 'saved')`),
  );
  const report = {
    charged: Number(sums?.charged ?? 0),
    stored: Number(stored?.w ?? 0),
    refunded: Number(sums?.refunded ?? 0),
    open: Number(sums?.open ?? 0),
    openWords: Number(sums?.open_words ?? 0),
    savedWithoutResult: Number(orphans?.n ?? 0),
    resultsWithoutCharge: Number(unledgered?.n ?? 0),
  };
  return {
    ...report,
    ok:
      report.charged === report.stored + report.refunded + report.openWords &&
      report.savedWithoutResult === 0 &&
      report.resultsWithoutCharge === 0,
  };
}
