import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { PASSWORD, signUpAndConfirm, waitForMail } from './support';

function totp(keyB32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const ch of keyB32.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(msg).digest();
  const o = mac[mac.length - 1]! & 0x0f;
  const n = ((mac[o]! & 0x7f) << 24) | (mac[o + 1]! << 16) | (mac[o + 2]! << 8) | mac[o + 3]!;
  return String(n % 1_000_000).padStart(6, '0');
}

test('an email link to an account with two-factor on does not sign in; the page says to use the password and code', async ({
  page,
  request,
  baseURL,
}) => {
  const email = await signUpAndConfirm(page, request);
  const origin = { origin: baseURL! };
  const enable = await page.request.post('/api/auth/two-factor/enable', {
    data: { password: PASSWORD },
    headers: origin,
  });
  expect(enable.ok()).toBe(true);
  const key = new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get('secret')!;
  expect(
    (await page.request.post('/api/auth/two-factor/verify-totp', { data: { code: totp(key) }, headers: origin })).ok(),
  ).toBe(true);
  await page.context().clearCookies();

  const asked = Date.now() - 1000;
  expect(
    (await request.post('/api/auth/sign-in/magic-link', { data: { email, callbackURL: '/' }, headers: origin })).ok(),
  ).toBe(true);
  const mail = await waitForMail(request, email, { after: asked });
  const link = mail.links.find((l) => l.includes('/magic-link/verify'))!;
  await page.goto(link);
  await expect(
    page.getByText('This account uses two-factor sign-in. Sign in with your password and your authentication code.'),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Get started' })).toBeVisible();
  expect(page.url()).not.toContain('error=');
});
