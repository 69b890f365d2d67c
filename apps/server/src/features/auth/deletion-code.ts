/**
 * The second factor asked for before an account with two-factor on is deleted: a current code from the
 * authenticator app (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits, one step either side) or one of the
 * unused backup codes. Read from better-auth's own record (the secret and backup codes it encrypted with
 * BETTER_AUTH_SECRET); nothing is written, the deletion removes the record anyway.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { symmetricDecrypt } from 'better-auth/crypto';
import { MSG } from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { twoFactor, user } from '../../db/schema';

/** The messages of a missing or wrong code (shared with the browser's delete dialog). */
export const DELETION_CODE_MSG = { required: MSG.deletionCodeRequired, invalid: MSG.deletionCodeInvalid } as const;

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function base32Decode(s: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of s.replace(/=+$/, '').toUpperCase()) {
    const i = B32.indexOf(ch);
    if (i < 0) continue;
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function hotp(key: Buffer, counter: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(msg).digest();
  const o = mac[mac.length - 1]! & 0x0f;
  const bin = ((mac[o]! & 0x7f) << 24) | (mac[o + 1]! << 16) | (mac[o + 2]! << 8) | mac[o + 3]!;
  return String(bin % 1_000_000).padStart(6, '0');
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether the user has two-factor on (a deletion then needs a code). */
export async function twoFactorOn(db: Db, userId: string): Promise<boolean> {
  const [u] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)).limit(1);
  return u?.on === true;
}

/** True when `code` is the user's current authenticator code (one step either side) or an unused backup code. */
export async function checkSecondFactor(
  db: Db,
  secret: string,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  if (!row) return false;
  const typed = code.replace(/\s+/g, '');
  if (/^\d{6}$/.test(typed)) {
    const raw = await symmetricDecrypt({ key: secret, data: row.secret });
    const key = raw.startsWith('base32:') ? base32Decode(raw.slice(7)) : Buffer.from(raw, 'utf8');
    const step = Math.floor(now.getTime() / 30_000);
    let ok = false;
    for (const d of [-1, 0, 1]) ok = same(typed, hotp(key, step + d)) || ok;
    return ok;
  }
  let codes: unknown;
  try {
    codes = JSON.parse(await symmetricDecrypt({ key: secret, data: row.backupCodes }));
  } catch {
    return false;
  }
  return Array.isArray(codes) && codes.some((c) => typeof c === 'string' && same(c, typed));
}
