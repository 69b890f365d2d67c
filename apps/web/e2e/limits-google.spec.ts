/**
 * Feedback that needs the limits at their real size and Google configured: a second server runs with
 * RATE_LIMITS=on, AUTH_RATE_LIMIT_SCALE=1 and Google client settings (Google itself is never called).
 */
import { expect, test, type Page } from '@playwright/test';
import { authLink, PASSWORD, sampleText, uniqueEmail } from './support';
import { startExtraServer, type ExtraServer } from './extra-server';

let server: ExtraServer;

test.beforeAll(async () => {
  server = await startExtraServer({
    RATE_LIMITS: 'on',
    GOOGLE_CLIENT_ID: 'e2e-client.apps.example',
    GOOGLE_CLIENT_SECRET: 'e2e-secret',
  });
});
test.afterAll(async () => server?.stop());

async function fillSignUp(page: Page, email: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create account' }).click();
}

test('Continue with Google shows when the server has Google configured', async ({ page }) => {
  await page.goto(`${server.base}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Get started' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

test('a class of 30 signs up from one network; one address retried too often gets the limit inline with when to retry', async ({
  page,
  request,
}) => {
  // 30 classmates from the same IP (this machine) within a minute: every one gets through.
  for (let i = 0; i < 30; i++) {
    const r = await request.post(`${server.base}/api/auth/sign-up/email`, {
      data: { email: uniqueEmail(`class${i}`), password: PASSWORD, name: 'x', callbackURL: '/?link=confirm' },
      headers: { origin: server.base },
    });
    expect(r.status(), `student ${i}`).toBe(200);
  }

  const email = uniqueEmail('retry');
  await page.goto(`${server.base}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Get started' }).click();
  await fillSignUp(page, email);
  await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a different email' }).click();
  const dialog = page.getByRole('dialog');
  // Attempts 2-5 for the same address answer "already registered"; the 6th is limited.
  for (let i = 0; i < 4; i++) {
    await fillSignUp(page, email);
    await expect(page.getByText('This email is already registered. Please sign in instead.').first()).toBeVisible();
  }
  await fillSignUp(page, email);
  const limit = dialog.getByTestId('sign-up-limit');
  await expect(limit).toBeVisible();
  await expect(limit).toHaveText(
    /^Too many sign-up attempts for this address\. Try again in 10 minutes \(at \d{1,2}:\d{2} [AP]M\)\.$/,
  );
  // It stays in the form (not a toast that fades) until the address changes. Nothing to wait for: a toast
  // closes after 4 s (sonner's default) and is gone 0.2 s later; watch a little longer than that.
  await page.waitForTimeout(5_000);
  await expect(limit).toBeVisible();
  await dialog.getByLabel('Email').fill(uniqueEmail('fixed'));
  await expect(limit).toHaveCount(0);
});

test('"Please wait N seconds" for a longer wait; a wait of a second or two continues by itself with a countdown', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('wait');
  const started = Date.now() - 1000;
  await page.goto(`${server.base}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Get started' }).click();
  await fillSignUp(page, email);
  await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible();
  const mailbox = async () => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const mails = (await (await request.get(`${server.base}/api/dev/mailbox`)).json()) as {
        to: string;
        links: string[];
        createdAt: string;
      }[];
      const m = mails.find((x) => x.to.includes(email) && Date.parse(x.createdAt) >= started);
      if (m) return m;
      await new Promise((r) => setTimeout(r, 300));
    }
    throw new Error('no mail');
  };
  await page.goto(authLink((await mailbox()) as never));
  await expect(page.getByText('Email confirmed')).toBeVisible({ timeout: 15_000 });

  await page.getByRole('radio', { name: /Lightning/ }).click();
  await page.getByRole('textbox', { name: 'Your text' }).fill(sampleText(60));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Text humanized successfully!')).toBeVisible({ timeout: 30_000 });

  // The card itself waits out the window of its own rewrite (the button counts it down).
  await expect(page.getByRole('button', { name: 'Humanize again' })).toBeEnabled();
  // A rewrite asked for a moment earlier (here over the API, refused fast as too short, after the rate limit
  // counted it) closes the one-per-3-s window: the click's one request is asked to wait, in plural.
  // (Tried until the window of the rewrite above has passed: then the short text is refused with 400.)
  const early = () =>
    page.request.post(`${server.base}/api/functions/humanize-text`, {
      data: { text: sampleText(20), mode: 'lightning' },
    });
  await expect.poll(async () => (await early()).status(), { intervals: [250] }).toBe(400);
  await page.getByRole('button', { name: 'Humanize again' }).click();
  const waitToast = page.getByText(/^Please wait [23] seconds before humanizing another text$/);
  await expect(waitToast).toBeVisible();
  const n = Number(/(\d) seconds/.exec((await waitToast.textContent()) ?? '')?.[1]);

  // When under two seconds remain, a countdown shows and the rewrite goes on by itself. The time passing is
  // what is tested (the server's window, which no clock in the browser can move): wait until 1.6 s remain.
  await page.waitForTimeout((n - 1.6) * 1000);
  await page.getByRole('button', { name: 'Humanize again' }).click();
  await expect(page.getByText(/^Continuing by itself in [12] seconds?…$/)).toBeVisible();
  // The earlier error toast went away when this attempt started.
  await expect(page.getByText(/^Please wait \d seconds? before humanizing another text$/)).toHaveCount(0);
  await expect(page.getByText('Text humanized successfully!').first()).toBeVisible({ timeout: 30_000 });
});
