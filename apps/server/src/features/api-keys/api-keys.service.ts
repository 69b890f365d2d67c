/**
 * Personal API keys: create (the full key is returned once), list, revoke, and the lookup the public API
 * authenticates with. A key is `ps_live_` and 32 random bytes (base64url); only its SHA-256 is stored, with
 * its first characters for display. Only paid plans may create keys; every query is scoped to the owner.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  API_MSG,
  MAX_API_KEYS,
  type ApiKeyItem,
  type ApiKeyList,
  type CreatedApiKey,
  type Tier,
} from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { api_keys, subscribers, user } from '../../db/schema';
import { effectiveTier, loadSubscriber, type SubscriberRow } from '../../domain/subscribers';
import { AppError, notFound } from '../../lib/errors';

type Owner = { id: string; email: string; subscriber?: SubscriberRow | null };

/** `last_used_at` is written at most this often per key, so a busy key does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** A key's shape: the prefix and 43 base64url characters. Anything else is unknown without a lookup. */
export function looksLikeApiKey(secret: string): boolean {
  return secret.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(secret.slice(API_KEY_PREFIX.length));
}

function toItem(r: typeof api_keys.$inferSelect): ApiKeyItem {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    created_at: r.created_at.toISOString(),
    last_used_at: r.last_used_at?.toISOString() ?? null,
  };
}

async function ownerTier(db: Db, u: Owner, now: Date): Promise<Tier> {
  return effectiveTier(await loadSubscriber(db, u, now, u.subscriber), now);
}

export async function listApiKeys(db: Db, u: Owner, now: Date): Promise<ApiKeyList> {
  const rows = await db
    .select()
    .from(api_keys)
    .where(and(eq(api_keys.user_id, u.id), isNull(api_keys.revoked_at)))
    .orderBy(asc(api_keys.created_at), asc(api_keys.id));
  const tier = await ownerTier(db, u, now);
  return { keys: rows.map(toItem), canCreate: tier !== 'FREE', tier, maxKeys: MAX_API_KEYS };
}

export async function createApiKey(db: Db, u: Owner, name: string, now: Date): Promise<CreatedApiKey> {
  const tier = await ownerTier(db, u, now);
  if (tier === 'FREE') throw new AppError('PLAN_REQUIRED', 403, API_MSG.keysNeedPaidPlan, { details: { tier } });
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(api_keys)
    .where(and(eq(api_keys.user_id, u.id), isNull(api_keys.revoked_at)));
  if ((active?.n ?? 0) >= MAX_API_KEYS)
    throw new AppError('API_KEY_LIMIT', 409, API_MSG.keyLimit(MAX_API_KEYS), { details: { max: MAX_API_KEYS } });
  const secret = generateApiKey();
  const [row] = await db
    .insert(api_keys)
    .values({
      user_id: u.id,
      name,
      prefix: secret.slice(0, API_KEY_VISIBLE_CHARS),
      key_hash: hashApiKey(secret),
      created_at: now,
    })
    .returning();
  if (!row) throw new Error('api key insert returned nothing');
  return { key: toItem(row), secret };
}

/** Revokes the caller's own key; another user's key (or an unknown id) is "not found". */
export async function revokeApiKey(db: Db, userId: string, id: string, now: Date): Promise<void> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound(API_MSG.keyNotFound);
  const rows = await db
    .update(api_keys)
    .set({ revoked_at: now })
    .where(and(eq(api_keys.id, id), eq(api_keys.user_id, userId), isNull(api_keys.revoked_at)))
    .returning({ id: api_keys.id });
  if (rows.length === 0) throw notFound(API_MSG.keyNotFound);
}

export type KeyCheck =
  | { ok: true; keyId: string; caller: { id: string; email: string; subscriber: SubscriberRow | null } }
  | { ok: false; reason: 'unknown' | 'revoked' };

/** The owner of a presented key (with their subscriber row, in one query), or why it does not open the API. */
export async function authenticateApiKey(db: Db, secret: string, now: Date): Promise<KeyCheck> {
  if (!looksLikeApiKey(secret)) return { ok: false, reason: 'unknown' };
  const rows = await db
    .select({
      keyId: api_keys.id,
      revokedAt: api_keys.revoked_at,
      id: user.id,
      email: user.email,
      subscriber: subscribers,
    })
    .from(api_keys)
    .innerJoin(user, eq(api_keys.user_id, user.id))
    .leftJoin(subscribers, eq(subscribers.user_id, user.id))
    .where(eq(api_keys.key_hash, hashApiKey(secret)))
    .limit(1);
  const r = rows[0];
  if (!r) return { ok: false, reason: 'unknown' };
  if (r.revokedAt) return { ok: false, reason: 'revoked' };
  await db
    .update(api_keys)
    .set({ last_used_at: now })
    .where(
      and(
        eq(api_keys.id, r.keyId),
        or(isNull(api_keys.last_used_at), lt(api_keys.last_used_at, new Date(now.getTime() - TOUCH_EVERY_MS))),
      ),
    );
  return { ok: true, keyId: r.keyId, caller: { id: r.id, email: r.email, subscriber: r.subscriber } };
}
