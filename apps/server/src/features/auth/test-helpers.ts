/** Helpers for the account-security tests: RFC 6238 codes, the outbox, fresh sign-ins from new IPs. */
import { createHmac } from 'node:crypto';
import { testClient } from 'hono/testing';
import { z } from 'zod';
import { listOutbox } from '../../lib/mail';
import { cookieFrom, type TestProduct } from '../../test/harness';

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(s: string): Buffer {
  const clean = s.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = B32.indexOf(ch);
    if (idx < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s steps, 6 digits) from the otpauth:// URI's base32 secret. */
export function totp(secretB32: string, at = Date.now(), step = 30, digits = 6): string {
  const counter = Math.floor(at / 1000 / step);
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32Decode(secretB32)).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(bin % 10 ** digits).padStart(digits, '0');
}

export function secretFromUri(uri: string): string {
  const s = new URL(uri).searchParams.get('secret');
  if (!s) throw new Error(`no secret in ${uri}`);
  return s;
}

/** better-auth's answer to /api/auth/two-factor/enable (its own route, not in AppType). */
export const twoFactorStarted = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });

let ipCounter = 0;
/** A fresh client address, so better-auth's per-IP limits never mix tests together. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export async function mailsTo(t: TestProduct, to: string, subject?: RegExp) {
  return (await listOutbox(t.deps.db, 500)).filter((m) => m.to === to && (!subject || subject.test(m.subject)));
}

export async function signIn(
  t: TestProduct,
  email: string,
  password = 'password123',
  headers: Record<string, string> = {},
) {
  const res = await t.req('/api/auth/sign-in/email', { body: { email, password }, ip: freshIp(), headers });
  return { res, cookie: cookieFrom(res), body: z.record(z.string(), z.unknown()).parse(await res.clone().json()) };
}

export async function meEmail(t: TestProduct, cookie: string): Promise<string | null> {
  const me = await (await testClient(t.app).api.me.$get({}, { headers: { cookie } })).json();
  return me.user?.email ?? null;
}

const errorFields = z.object({ code: z.string().optional(), message: z.string().optional() });
/** An error answer's code and message: better-auth's { code, message } or the product's { error: { code, message } }. */
const errorAnswer = errorFields.extend({ error: errorFields.optional() });

export async function errorOf(res: Response): Promise<{ code?: string; message?: string }> {
  const b = errorAnswer.parse(await res.json());
  return b.error ?? b;
}
