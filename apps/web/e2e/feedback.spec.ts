/** Feedback a new user meets around sign-up: the Google button, landings from mailed links, the typo exit, toasts. */
import { expect, test } from '@playwright/test';
import {
  authLink,
  expectSignedIn,
  openAuthDialog,
  PASSWORD,
  sampleText,
  submitSignUp,
  uniqueEmail,
  waitForMail,
} from './support';

test('Continue with Google is not offered when the server has no Google settings', async ({ page }) => {
  await page.goto('/');
  await openAuthDialog(page);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
});

test('confirming lands signed in and says so; the used link opened again while signed out explains and offers sign-in', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('confirm');
  const started = Date.now() - 1000;
  await submitSignUp(page, email);
  const link = authLink(await waitForMail(request, email, { after: started }));
  await page.goto(link);
  await expectSignedIn(page);
  await expect(page.getByText('Email confirmed')).toBeVisible();
  await expect(page.getByText("You're signed in. Welcome to Plainspoken!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(link);
  const dialog = fresh.getByRole('dialog');
  await expect(dialog.getByTestId('auth-notice')).toHaveText(
    'Your email is already confirmed: this link was used before. Sign in to continue.',
  );
  await expect(dialog.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(fresh).toHaveURL(/\/$/);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(fresh);
  await other.close();
});

test('a reused sign-in link is worded as a sign-in link', async ({ page, request, browser }) => {
  const email = uniqueEmail('magic');
  await page.goto('/');
  await openAuthDialog(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign in here' }).click();
  await dialog.getByLabel('Email').fill(email);
  const started = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible();
  const link = authLink(await waitForMail(request, email, { after: started }));

  const first = await browser.newContext();
  const p1 = await first.newPage();
  await p1.goto(link);
  await expectSignedIn(p1);
  await expect(p1.getByText("You're signed in", { exact: true })).toBeVisible();
  await first.close();

  const second = await browser.newContext();
  const p2 = await second.newPage();
  await p2.goto(link);
  const notice = p2.getByRole('dialog').getByTestId('auth-notice');
  await expect(notice).toHaveText(
    'This sign-in link has expired or was already used. Sign-in links work once, for 15 minutes: request a new one below.',
  );
  await expect(p2.getByText(/confirmation email/)).toHaveCount(0);
  await expect(p2.getByRole('dialog').getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
  await second.close();
});

test('a typo in the address: the check-your-email dialog stays, and Use a different email goes back to the form', async ({
  page,
}) => {
  const typo = uniqueEmail('typo').replace('@example.com', '@exmaple.com');
  await submitSignUp(page, typo);
  const check = page.getByRole('dialog', { name: 'Check your email' });
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(check).toBeVisible();
  await check.getByRole('button', { name: 'Use a different email' }).click();
  await expect(check).toHaveCount(0);
  const form = page.getByRole('dialog');
  await expect(form.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue(typo);
  const right = uniqueEmail('right');
  await form.getByLabel('Email').fill(right);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('check-email-address')).toHaveText(right);
});

test('a sign-in error sits under the field on a phone; toasts sit under the header, and an old error goes when a new attempt starts', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail('toast');
  const started = Date.now() - 1000;
  await submitSignUp(page, email);
  await page.goto(authLink(await waitForMail(request, email, { after: started })));
  await expectSignedIn(page);
  await page.context().clearCookies();
  await page.goto('/');
  await openAuthDialog(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign in here' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('wrong-password-1');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  // In the form, under the password, where the eye already is (not a toast over the header).
  await expect(dialog.getByLabel('Password')).toHaveAccessibleDescription(
    'Invalid email or password. Please check your credentials.',
  );
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await expect(dialog.getByText('Invalid email or password. Please check your credentials.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);

  // An error toast on the home card (too few words) sits below the header, not over it.
  await page.getByRole('radio', { name: /Lightning Mode/ }).click();
  const input = page.getByRole('textbox', { name: 'Your text' });
  await input.fill(sampleText(40));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  const few = page.getByText('Minimum 50 words required');
  await expect(few).toBeVisible();
  const header = (await page.locator('header').first().boundingBox())!;
  // Polled: the toast slides in from above before it settles.
  await expect
    .poll(async () => (await page.locator('[data-sonner-toast]').first().boundingBox())?.y ?? -1, { timeout: 5_000 })
    .toBeGreaterThanOrEqual(header.y + header.height);

  // The next attempt takes the old error away.
  await input.fill(sampleText(60));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(few).toHaveCount(0);
  await expect(page.getByTestId('result-text')).not.toBeEmpty({ timeout: 30_000 });
});
