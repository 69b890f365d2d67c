/**
 * Idempotency keys for the POST endpoints that charge words (the public API, and the web app's rewrite,
 * whose client sends one key per click), kept in the database so every server process
 * sees them. The first request with a key claims it with one INSERT (the primary key decides between
 * concurrent requests); a successful answer is stored on the row and handed back to every retry with the
 * same key and body, which does no work and is never charged again. A failed request releases its key, so
 * the client can retry once the cause is fixed (balance, rate limit, a busy engine). The same key with a
 * different request is refused; a request still running answers 409 with a short Retry-After.
 *
 * Each claim names the server process that made it (lib/process-instance.ts). A retry that finds a claim
 * without an answer whose process is dead (no heartbeat for the lease, or gone from this host) takes it
 * over at once: the dead request's word reservation (tagged with the key while it ran) is refunded, then
 * the key is claimed afresh. Claims of a live process answer 409 as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_MSG, IDEMPOTENCY_TTL_MS } from '@plainspoken/shared';
import type { Db } from '../db/client';
import { api_idempotency } from '../db/schema';
import { AppError } from './errors';
import { rowsOf } from './rate-limit';
import type { Logger } from './logger';
import type { ProcessInstance } from './process-instance';

/** The claim a piece of work runs under: the word ledger tags its reservation with the key. */
const claimScope = new AsyncLocalStorage<{ userId: string; key: string }>();

/** The idempotency key the current work runs under for `userId`, if any (read when words are reserved). */
export function currentIdempotencyKey(userId: string): string | null {
  const c = claimScope.getStore();
  return c && c.userId === userId ? c.key : null;
}

/**
 * Gives back the words a dead claim had reserved and not yet settled, once (only `reserved` rows change,
 * in one statement with the balance, as the word ledger's refund does). Returns the words given back.
 */
export async function refundClaimReservations(db: Db, userId: string, key: string, now: Date): Promise<number> {
  const res = await db.execute(sql`
    WITH c AS (
      UPDATE word_charges SET status = 'refunded', settled_at = ${now}
      WHERE user_id = ${userId} AND idempotency_key = ${key} AND status = 'reserved'
      RETURNING user_id, words),
    per AS (SELECT user_id, sum(words)::int AS w FROM c GROUP BY user_id)
    UPDATE subscribers s SET monthly_word_balance = s.monthly_word_balance + per.w, updated_at = ${now}
    FROM per WHERE s.user_id = per.user_id
    RETURNING per.w AS w`);
  return rowsOf<{ w: number }>(res).reduce((a, r) => a + Number(r.w), 0);
}

/** Who claims: this process, and how it tells a dead process's claim (omitted: claims name no process). */
export interface Claimant {
  instance?: ProcessInstance;
  logger?: Logger;
}

/** Rows of this claim: its owner, or any owner when the claim names none (rows from before owners). */
const ownedBy = (owner: string | undefined) =>
  owner ? or(eq(api_idempotency.owner, owner), isNull(api_idempotency.owner)) : undefined;

/** JSON with object keys sorted, so the same body serialised in another order has the same fingerprint. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonical(body)}`)
    .digest('hex');
}

/**
 * A replay carries the stored answer byte for byte. `abandonedSince`: this claim took over one left without
 * an answer (its process died), first made at that time: its work may have been stored before the death.
 */
export type Claim = { kind: 'claimed'; abandonedSince?: Date } | { kind: 'replay'; status: number; body: string };

export async function claimIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
  fingerprint: string,
  now: Date,
  /** A claim still without an answer after this long belongs to a request whose process died: taken over. */
  staleAfterMs = Number.POSITIVE_INFINITY,
  /** This process: the claim names it, and a claim of a dead process is taken over at once. */
  claimant: Claimant = {},
): Promise<Claim> {
  let abandonedSince: Date | undefined;
  const me = claimant.instance;
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db
      .insert(api_idempotency)
      .values({ user_id: userId, key, request_hash: fingerprint, created_at: now, owner: me?.id ?? null })
      .onConflictDoNothing()
      .returning({ key: api_idempotency.key });
    if (inserted.length > 0) return abandonedSince ? { kind: 'claimed', abandonedSince } : { kind: 'claimed' };
    const [row] = await db
      .select()
      .from(api_idempotency)
      .where(and(eq(api_idempotency.user_id, userId), eq(api_idempotency.key, key)));
    if (!row) continue; // released between the two statements: claim again
    const age = now.getTime() - row.created_at.getTime();
    // Unanswered, and its process is dead: the dead request's words go back now, then the key is claimed.
    const ownerDead =
      row.response_status === null &&
      row.request_hash === fingerprint &&
      age < IDEMPOTENCY_TTL_MS &&
      row.owner !== null &&
      me !== undefined &&
      (await me.isDead(row.owner));
    if (ownerDead) {
      const words = await refundClaimReservations(db, userId, key, now);
      claimant.logger?.warn('idempotency key taken over from a dead process', { key, owner: row.owner, words });
    }
    if (ownerDead || age >= IDEMPOTENCY_TTL_MS || (row.response_status === null && age >= staleAfterMs)) {
      // Expired, or abandoned by a process that died mid-request (its words were refunded by the sweep
      // after the same hold, unless its result was stored): forget it (only if it is still that row) and
      // claim afresh.
      if (row.response_status === null && age < IDEMPOTENCY_TTL_MS) abandonedSince = row.created_at;
      await db
        .delete(api_idempotency)
        .where(
          and(
            eq(api_idempotency.user_id, userId),
            eq(api_idempotency.key, key),
            eq(api_idempotency.created_at, row.created_at),
          ),
        );
      continue;
    }
    if (row.request_hash !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, API_MSG.idempotencyReused);
    if (row.response_status === null)
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409, API_MSG.idempotencyInProgress, { retryAfter: 1 });
    return { kind: 'replay', status: row.response_status, body: row.response_body ?? '' };
  }
  throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409, API_MSG.idempotencyInProgress, { retryAfter: 1 });
}

export async function completeIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
  status: number,
  body: string,
  now: Date,
  /** The claiming process: a claim taken over by another process since is left to that one. */
  owner?: string,
): Promise<void> {
  await db
    .update(api_idempotency)
    .set({ response_status: status, response_body: body, completed_at: now })
    .where(and(eq(api_idempotency.user_id, userId), eq(api_idempotency.key, key), ownedBy(owner)));
}

export async function releaseIdempotencyKey(db: Db, userId: string, key: string, owner?: string): Promise<void> {
  await db
    .delete(api_idempotency)
    .where(and(eq(api_idempotency.user_id, userId), eq(api_idempotency.key, key), ownedBy(owner)));
}

/** Drops keys past their lifetime (run now and then; a lookup also ignores them). */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(api_idempotency).where(lt(api_idempotency.created_at, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}

let lastPrune = 0;

/** What onceWithKey gives back: the fresh result, or the stored answer of the first request with the key. */
export type Once<T> = { replayed: false; value: T; json: string } | { replayed: true; status: number; json: string };

/**
 * Runs `run` at most once per (user, key): the first request claims the key and stores its JSON answer;
 * a retry with the same key and body gets that answer back without running (nor charging) anything; the
 * same key with another body is refused (422); one still running answers 409 with Retry-After. A failed
 * run releases its key. The web app's rewrite and the public API share this (one table, keyed per user).
 */
export async function onceWithKey<T>(
  d: { db: Db; now: () => Date; logger: Logger; instance?: ProcessInstance },
  userId: string,
  key: string,
  fingerprint: string,
  run: () => Promise<T>,
  /** The longest a run can take (the word reservation's hold); an older unanswered claim is taken over. */
  staleAfterMs?: number,
  /**
   * For a claim taken over from a process that died: the result that process stored after `since`, if it
   * got that far (it died between storing and answering). Given back instead of running (and charging) again.
   */
  recover?: (since: Date) => Promise<T | null>,
): Promise<Once<T>> {
  const now = d.now();
  if (now.getTime() - lastPrune > 3_600_000) {
    lastPrune = now.getTime();
    void pruneIdempotencyKeys(d.db, now).catch((e: Error) =>
      d.logger.warn('pruning idempotency keys failed', { error: e.message }),
    );
  }
  const claim = await claimIdempotencyKey(d.db, userId, key, fingerprint, now, staleAfterMs, {
    instance: d.instance,
    logger: d.logger,
  });
  if (claim.kind === 'replay') return { replayed: true, status: claim.status, json: claim.body };
  const owner = d.instance?.id;
  let value: T;
  try {
    const recovered = claim.abandonedSince && recover ? await recover(claim.abandonedSince) : null;
    if (recovered !== null) {
      d.logger.warn('idempotency key taken over: the dead request had stored its result; given back', { key });
      const json = JSON.stringify(recovered);
      await completeIdempotencyKey(d.db, userId, key, 200, json, d.now(), owner);
      return { replayed: true, status: 200, json };
    }
    // Words reserved while it runs carry the key, so a process taking the claim over can give them back.
    value = await claimScope.run({ userId, key }, run);
  } catch (e) {
    await releaseIdempotencyKey(d.db, userId, key, owner).catch((x: Error) =>
      d.logger.error('releasing an idempotency key failed', { error: x.message }),
    );
    throw e;
  }
  const json = JSON.stringify(value);
  try {
    await completeIdempotencyKey(d.db, userId, key, 200, json, d.now(), owner);
  } catch (e) {
    // The work is done and charged: the answer still goes out; a retry with this key will get 409.
    d.logger.error('storing an idempotent answer failed', { error: (e as Error).message });
  }
  return { replayed: false, value, json };
}
