/**
 * The home card and the sign-up form as a user meets them: errors under the field they are about, the
 * draft kept across pages, a new file dropping the old result, the rate-limit window counted down on the
 * button, and the counter during a run.
 */
import { expect, test, type Page } from '@playwright/test';
import { RATE_LIMITS, type OutboxMail } from '@plainspoken/shared';
import { startExtraServer, type ExtraServer } from './extra-server';
import {
  authLink,
  openAuthDialog,
  PASSWORD,
  sampleText,
  signUpAndConfirm,
  submitSignUp,
  uniqueEmail,
  waitForMail,
} from './support';

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

test('sign-up and sign-in errors sit under their field in plain words; an unconfirmed account gets Resend in place', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await openAuthDialog(page);
  const dialog = page.getByRole('dialog');
  const email = dialog.getByLabel('Email');
  const password = dialog.getByLabel('Password');

  // Not an address: said under the email field, without the server's "[body.email]".
  await email.fill('ada@example');
  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address, like name@example.com.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/\[body\./)).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(0);
  // Fixing the address takes the error away.
  await email.fill('ada@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');

  // An account that is not confirmed yet: the spec's sentence, and Resend beside it.
  const address = uniqueEmail('unconfirmed');
  await page.keyboard.press('Escape');
  await submitSignUp(page, address);
  await page.getByRole('button', { name: 'Use a different email' }).click();
  await dialog.getByRole('button', { name: 'Sign in here' }).click();
  await email.fill(address);
  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(email).toHaveAccessibleDescription('Please check your email and click the confirmation link first.');
  await expect(toasts(page)).toHaveCount(0);
  const sentBefore = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Resend', exact: true }).click();
  const check = page.getByRole('dialog', { name: 'Check your email' });
  await expect(check).toBeVisible();
  await expect(check.getByTestId('check-email-address')).toHaveText(address);
  const mail = await waitForMail(request, address, { after: sentBefore });
  expect(authLink(mail)).toContain('/api/auth/');

  // A wrong password is said under the password.
  await check.getByRole('button', { name: 'Use a different email' }).click();
  await dialog.getByRole('button', { name: 'Sign in here' }).click();
  await email.fill(uniqueEmail('nobody'));
  await password.fill('not-the-password-1');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(password).toHaveAccessibleDescription('Invalid email or password. Please check your credentials.');
  await expect(toasts(page)).toHaveCount(0);
});

test('the draft, its options and the result are still there after History and back, and after a reload', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  const text = sampleText(60);
  const input = page.getByRole('textbox', { name: 'Your text' });
  await page.getByRole('radio', { name: /Lightning Mode/ }).click();
  await page.getByLabel('Tone', { exact: true }).selectOption('casual');
  await page.getByLabel('Reading level', { exact: true }).selectOption('simple');
  await input.fill(text);
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  const result = page.getByTestId('result-text');
  await expect(result).not.toBeEmpty({ timeout: 30_000 });
  const before = await result.textContent();

  for (const away of ['history', 'reload'] as const) {
    if (away === 'history') {
      await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
      await expect(page).toHaveURL('/history');
      await expect(page.getByTestId('history-card').first()).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL('/');
    } else {
      await page.reload();
    }
    await expect(input).toHaveValue(text);
    await expect(page.getByRole('radio', { name: /Lightning Mode/ })).toBeChecked();
    await expect(page.getByLabel('Tone', { exact: true })).toHaveValue('casual');
    await expect(page.getByLabel('Reading level', { exact: true })).toHaveValue('simple');
    await expect(result).toHaveText(before ?? '');
    await expect(page.getByRole('button', { name: /^(Humanize again|Again in \d s)$/ })).toBeVisible();
  }
});

test('a new upload, or clearing the box, takes the old result (and its Copy and Download) away', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  const input = page.getByRole('textbox', { name: 'Your text' });
  const panel = page.getByTestId('result-panel');
  const humanize = async () => {
    await page.getByRole('button', { name: 'Humanize', exact: true }).click();
    await expect(panel.getByRole('button', { name: /Copy/ })).toBeVisible({ timeout: 30_000 });
  };
  await page.getByRole('radio', { name: /Lightning Mode/ }).click();
  await input.fill(sampleText(60));
  await humanize();

  await page.getByTestId('upload-input').setInputFiles({
    name: 'essay.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(sampleText(70)),
  });
  await expect(page.getByTestId('word-counter')).toHaveText(/^70 \/ \d+ words$/);
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Copy/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Download/ })).toHaveCount(0);

  await humanize();
  await input.fill('');
  await expect(panel).toHaveCount(0);
});

test('"Humanize again" within the window: the button counts the shared window down, then enables itself', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  await page.getByRole('radio', { name: /Lightning Mode/ }).click();
  await page.getByRole('textbox', { name: 'Your text' }).fill(sampleText(60));
  // The page's clock stands still (its timers still run), so the countdown is read however slow the machine.
  const t0 = Date.now();
  await page.clock.setFixedTime(t0);
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByTestId('result-text')).not.toBeEmpty({ timeout: 30_000 });

  const button = page.getByTestId('humanize-button');
  const windowSeconds = RATE_LIMITS.humanizeMs / 1000;
  await expect(button).toHaveText(`Again in ${windowSeconds} s`);
  await expect(button).toBeDisabled();
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
  await page.clock.setFixedTime(t0 + 1_000);
  await expect(button).toHaveText(`Again in ${windowSeconds - 1} s`);
  await expect(button).toBeDisabled();
  await page.clock.setFixedTime(t0 + RATE_LIMITS.humanizeMs);
  await expect(button).toHaveText('Humanize again');
  await expect(button).toBeEnabled();
});

test('mid-run the counter measures the text against the balance it started from; under 50 words left says so, with Upgrade', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  const counter = page.getByTestId('word-counter');
  const input = page.getByRole('textbox', { name: 'Your text' });
  // Deep: Lightning hands a text back unchanged, and free, when none of its edits lowers the score, and this
  // test needs both rewrites charged.
  await page.getByRole('radio', { name: /Deep Humanize/ }).click();
  await expect(page.getByTestId('balance')).toHaveText(/^250 words left/);
  // 130 of 250 words: after the local deduction 120 are left, fewer than the text being rewritten.
  await input.fill(sampleText(130));
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/functions/humanize-text', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByTestId('balance')).toHaveText(/^120 words left/);
  await expect(page.getByRole('button', { name: 'Humanizing...' })).toBeVisible();
  await expect(counter).not.toHaveAttribute('data-warning', 'true');
  await expect(page.getByText('More words than your remaining balance this month.')).toHaveCount(0);
  release();
  await expect(page.getByTestId('result-text')).not.toBeEmpty({ timeout: 30_000 });
  await page.unroute('**/api/functions/humanize-text');
  // Done: the same 130 words are now more than the 120 left, and that is said.
  await expect(counter).toHaveAttribute('data-warning', 'true');
  await expect(page.getByText('More words than your remaining balance this month.')).toBeVisible();

  // 80 more leave 40, under the 50-word minimum: explained under the box, with a way to more words.
  await input.fill(sampleText(80));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click({ timeout: 15_000 });
  const hint = page.getByTestId('balance-below-minimum');
  await expect(hint).toContainText('40 words left: a rewrite needs at least 50.', { timeout: 30_000 });
  await hint.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL('/pricing');
});

test.describe('with the rate limits on', () => {
  let server: ExtraServer;
  test.beforeAll(async () => {
    server = await startExtraServer({ RATE_LIMITS: 'on', AUTH_RATE_LIMIT_SCALE: '100' });
  });
  test.afterAll(async () => server?.stop());

  test('clicking "Humanize again" as soon as it can be clicked is never refused (no 429)', async ({ page }) => {
    const refused: string[] = [];
    const done: number[] = [];
    page.on('response', (r) => {
      if (r.status() === 429) refused.push(r.url());
      if (r.url().endsWith('/api/functions/humanize-text') && r.status() === 200) done.push(Date.now());
    });

    const address = uniqueEmail('cooldown');
    const started = Date.now() - 1000;
    await page.goto(`${server.base}/`);
    await openAuthDialog(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(address);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible();
    let link: string | undefined;
    await expect
      .poll(async () => {
        const mails = (await (await page.request.get(`${server.base}/api/dev/mailbox`)).json()) as OutboxMail[];
        const mail = mails.find((m) => m.to.includes(address) && Date.parse(m.createdAt) >= started);
        link = mail && authLink(mail);
        return link;
      })
      .toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole('banner').getByRole('link', { name: 'History' })).toBeVisible({ timeout: 15_000 });

    await page.getByRole('radio', { name: /Lightning Mode/ }).click();
    await page.getByRole('textbox', { name: 'Your text' }).fill(sampleText(60));
    await page.getByRole('button', { name: 'Humanize', exact: true }).click();
    await expect.poll(() => done.length, { timeout: 30_000 }).toBe(1);
    // Clicked the moment it can be (a click waits until the button is enabled), twice over.
    for (let i = 2; i <= 3; i++) {
      await page.getByRole('button', { name: 'Humanize again', exact: true }).click({ timeout: 30_000 });
      await expect.poll(() => done.length, { timeout: 30_000 }).toBe(i);
    }
    await expect(page.getByText(/^Please wait/)).toHaveCount(0);
    await expect(page.getByText(/Continuing by itself/)).toHaveCount(0);
    expect(refused).toEqual([]);
  });
});
