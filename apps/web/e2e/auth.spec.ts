import { expect, test } from '@playwright/test';
import {
  authLink,
  expectSignedIn,
  logOutFromProfile,
  openAuthDialog,
  PASSWORD,
  signIn,
  signUpAndConfirm,
  submitSignUp,
  uniqueEmail,
  waitForMail,
} from './support';

test('sign up, confirm from the mail, then sign out', async ({ page, request }) => {
  const email = await signUpAndConfirm(page, request);
  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText(email).first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Get started' })).toBeVisible();
});

test('signing in again after confirming welcomes back', async ({ page, request }) => {
  const email = await signUpAndConfirm(page, request);
  await logOutFromProfile(page);
  await signIn(page, email);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expectSignedIn(page);
});

test('a wrong password shows the bad credentials message', async ({ page, request }) => {
  const email = await signUpAndConfirm(page, request);
  await logOutFromProfile(page);
  await signIn(page, email, 'not-the-password-1');
  await expect(page.getByText('Invalid email or password. Please check your credentials.')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('check-your-email dialog: cooldown counts down and Escape does not close it', async ({ page }) => {
  const email = uniqueEmail('cooldown');
  await submitSignUp(page, email);
  const dialog = page.getByRole('dialog', { name: 'Check your email' });
  await expect(dialog.getByText(email)).toBeVisible();
  await expect(dialog.getByText(/up to 5 minutes/)).toBeVisible();
  const resend = dialog.getByRole('button', { name: /Resend in \d+s/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/Resend in (30|29)s/);
  await expect(resend).toHaveText(/Resend in (2[0-8])s/, { timeout: 5_000 });
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
});

test('the check-your-email dialog closes when the link is opened in another tab', async ({
  page,
  context,
  request,
}) => {
  const email = uniqueEmail('twotabs');
  const started = Date.now() - 1000;
  await submitSignUp(page, email);
  const mail = await waitForMail(request, email, { after: started });
  const other = await context.newPage();
  await other.goto(authLink(mail));
  await expectSignedIn(other);
  await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeHidden({ timeout: 10_000 });
  await expectSignedIn(page);
});

test('an expired or used email link shows the expired message and cleans the URL', async ({ page }) => {
  await page.goto('/?error=INVALID_TOKEN');
  await expect(page.getByText('Email link has expired. Please request a new confirmation email.')).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('the sign-up form checks fields and the password rule', async ({ page }) => {
  await page.goto('/');
  await openAuthDialog(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await dialog.getByLabel('Email').fill(uniqueEmail('rule'));
  await dialog.getByLabel('Password').fill('short');
  await expect(dialog.getByText('At least 8 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters and include at least one number.')).toBeVisible();
  expect(PASSWORD).toMatch(/\d/);
});
