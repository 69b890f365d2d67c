/**
 * The extension's connections (docs/decisions/0049): the approval's one-time code, its trade for a token
 * (PKCE: the code works only with the verifier whose SHA-256 the approval recorded), the profile's list and
 * revoke, and the lookup each extension request authenticates with. Only SHA-256 digests of codes and
 * tokens are stored; every query is scoped to the owner.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  EXTENSION_CODE_TTL_MS,
  EXTENSION_MSG,
  EXTENSION_TOKEN_PREFIX,
  EXTENSION_TOKEN_VISIBLE_CHARS,
  MAX_EXTENSION_CONNECTIONS,
  type ExtensionApproval,
  type ExtensionConnectionItem,
  type ExtensionConnectionList,
  type ExtensionToken,
} from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { extension_connections, subscribers, user } from '../../db/schema';
import type { SubscriberRow } from '../../domain/subscribers';
import { AppError, notFound } from '../../lib/errors';

/** `last_used_at` is written at most this often per connection. */
const TOUCH_EVERY_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sha256hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
/** The PKCE S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export const challengeOf = (verifier: string) => createHash('sha256').update(verifier, 'utf8').digest('base64url');

/** A token's shape: the prefix and 43 base64url characters; anything else is unknown without a lookup. */
export function looksLikeExtensionToken(secret: string): boolean {
  return (
    secret.startsWith(EXTENSION_TOKEN_PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(secret.slice(EXTENSION_TOKEN_PREFIX.length))
  );
}

function toItem(r: typeof extension_connections.$inferSelect): ExtensionConnectionItem {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix ?? '',
    created_at: r.created_at.toISOString(),
    last_used_at: r.last_used_at?.toISOString() ?? null,
  };
}

const active = (userId: string) =>
  and(
    eq(extension_connections.user_id, userId),
    isNotNull(extension_connections.token_hash),
    isNull(extension_connections.revoked_at),
  );

/** The signed-in user approved: a one-time code bound to the extension's challenge. */
export async function approveConnection(
  db: Db,
  userId: string,
  input: { challenge: string; name: string },
  now: Date,
): Promise<ExtensionApproval> {
  // Approvals never traded (the tab was closed) are dropped once expired.
  await db
    .delete(extension_connections)
    .where(
      and(
        eq(extension_connections.user_id, userId),
        isNull(extension_connections.token_hash),
        lt(extension_connections.code_expires_at, now),
      ),
    );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(extension_connections)
    .where(active(userId));
  if ((count?.n ?? 0) >= MAX_EXTENSION_CONNECTIONS)
    throw new AppError('EXTENSION_LIMIT', 409, EXTENSION_MSG.connectionLimit(MAX_EXTENSION_CONNECTIONS), {
      details: { max: MAX_EXTENSION_CONNECTIONS },
    });
  const code = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + EXTENSION_CODE_TTL_MS);
  await db.insert(extension_connections).values({
    user_id: userId,
    name: input.name,
    code_hash: sha256hex(code),
    code_challenge: input.challenge,
    code_expires_at: expires,
    created_at: now,
  });
  return { code, expires_at: expires.toISOString() };
}

/** Trades an approval's code and the extension's verifier for the connection's token (once). */
export async function exchangeCode(
  db: Db,
  input: { code: string; verifier: string },
  now: Date,
): Promise<ExtensionToken> {
  const token = EXTENSION_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const rows = await db
    .update(extension_connections)
    .set({
      token_hash: sha256hex(token),
      prefix: token.slice(0, EXTENSION_TOKEN_VISIBLE_CHARS),
      code_hash: null,
      code_challenge: null,
      code_expires_at: null,
      created_at: now,
    })
    .where(
      and(
        eq(extension_connections.code_hash, sha256hex(input.code)),
        eq(extension_connections.code_challenge, challengeOf(input.verifier)),
        gt(extension_connections.code_expires_at, now),
        isNull(extension_connections.token_hash),
        isNull(extension_connections.revoked_at),
      ),
    )
    .returning();
  const row = rows[0];
  if (!row) throw new AppError('VALIDATION', 400, EXTENSION_MSG.badCode);
  return { token, connection: toItem(row) };
}

export async function listConnections(db: Db, userId: string): Promise<ExtensionConnectionList> {
  const rows = await db
    .select()
    .from(extension_connections)
    .where(active(userId))
    .orderBy(asc(extension_connections.created_at), asc(extension_connections.id));
  return { connections: rows.map(toItem) };
}

/** Revokes one of the caller's connections; another user's (or an unknown id) is "not found". */
export async function revokeConnection(db: Db, userId: string, id: string, now: Date): Promise<void> {
  if (!UUID.test(id)) throw notFound(EXTENSION_MSG.connectionNotFound);
  const rows = await db
    .update(extension_connections)
    .set({ revoked_at: now })
    .where(and(eq(extension_connections.id, id), active(userId)))
    .returning({ id: extension_connections.id });
  if (rows.length === 0) throw notFound(EXTENSION_MSG.connectionNotFound);
}

export type ExtensionCaller = { id: string; email: string; subscriber: SubscriberRow | null };
export type TokenCheck =
  { ok: true; connectionId: string; caller: ExtensionCaller } | { ok: false; reason: 'unknown' | 'revoked' };

/** The owner of a presented token (with their subscriber row, in one query), or why it opens nothing. */
export async function authenticateToken(db: Db, secret: string, now: Date): Promise<TokenCheck> {
  if (!looksLikeExtensionToken(secret)) return { ok: false, reason: 'unknown' };
  const rows = await db
    .select({
      connectionId: extension_connections.id,
      revokedAt: extension_connections.revoked_at,
      id: user.id,
      email: user.email,
      subscriber: subscribers,
    })
    .from(extension_connections)
    .innerJoin(user, eq(extension_connections.user_id, user.id))
    .leftJoin(subscribers, eq(subscribers.user_id, user.id))
    .where(eq(extension_connections.token_hash, sha256hex(secret)))
    .limit(1);
  const r = rows[0];
  if (!r) return { ok: false, reason: 'unknown' };
  if (r.revokedAt) return { ok: false, reason: 'revoked' };
  await db
    .update(extension_connections)
    .set({ last_used_at: now })
    .where(
      and(
        eq(extension_connections.id, r.connectionId),
        or(
          isNull(extension_connections.last_used_at),
          lt(extension_connections.last_used_at, new Date(now.getTime() - TOUCH_EVERY_MS)),
        ),
      ),
    );
  return { ok: true, connectionId: r.connectionId, caller: { id: r.id, email: r.email, subscriber: r.subscriber } };
}
