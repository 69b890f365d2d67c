import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, openAuthDialog, PASSWORD, signIn, signUpAndConfirm, waitForMail } from './support';

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) from the base32 key the setup screen shows. */
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

async function logOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Get started' })).toBeVisible();
}

test('forgot password: from the dialog, through the mailed link, to signing in with the new password', async ({
  page,
  request,
}) => {
  const email = await signUpAndConfirm(page, request);
  await logOut(page);

  await openAuthDialog(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign in here' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  const asked = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText('Check your email')).toBeVisible();

  const mail = await waitForMail(request, email, { after: asked });
  expect(mail.subject).toMatch(/reset your/i);
  const link = mail.links.find((l) => l.includes('/api/auth/reset-password/'));
  expect(link).toBeTruthy();
  await page.keyboard.press('Escape');
  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);

  const newPassword = 'brand-new-pass-8';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password was changed')).toBeVisible();

  // The link works once: opening it again lands on the page that offers a new one.
  await page.goto(link!);
  await expect(page.getByText("This reset link doesn't work")).toBeVisible();
  await expect(page.getByText(/Email link has expired/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password. Please check your credentials.')).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expectSignedIn(page);
});

test('two-factor sign-in: turn it on with a scanned key, then sign in with a code', async ({ page, request }) => {
  const email = await signUpAndConfirm(page, request);
  await page.goto('/profile');
  const card = page.getByTestId('security-card');
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await card.getByLabel('Confirm with your password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await card.getByTestId('totp-key').textContent()) ?? '';
  expect(key.replace(/\s/g, '').length).toBeGreaterThanOrEqual(16);
  await card.getByLabel('2. Enter the 6-digit code it shows').fill(totp(key));
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(card.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
  await expect(card.getByRole('button', { name: 'Download' })).toBeVisible();
  await card.getByRole('button', { name: 'I saved them' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  await logOut(page);
  await signIn(page, email);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await dialog.getByLabel('Authentication code').fill('000000' === totp(key) ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByRole('alert')).toContainText("didn't work");
  await dialog.getByLabel('Authentication code').fill(totp(key));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expectSignedIn(page);
});

test('delete account: confirmed with the email and password, then the account is gone', async ({ page, request }) => {
  const email = await signUpAndConfirm(page, request);
  await page.goto('/profile');
  const card = page.getByTestId('security-card');
  await expect(card.getByTestId('device')).toHaveCount(1);
  await expect(card.getByText('This device')).toBeVisible();
  await card.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Your email').fill(email);
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await confirm.click();
  await expect(page.getByText('Your account was deleted')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Get started' })).toBeVisible();
  const goodbye = await waitForMail(request, email, { after: Date.now() - 10_000 });
  expect(goodbye.subject).toMatch(/deleted/i);

  await signIn(page, email);
  await expect(page.getByText('Invalid email or password. Please check your credentials.')).toBeVisible();
});
