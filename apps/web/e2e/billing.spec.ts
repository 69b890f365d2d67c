/**
 * Paid plans end to end in the local sandbox: subscribe to Pro, see the new limits on the home card,
 * cancel in the portal, then move the server clock past the end date and run the expiration.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, authLink, signUpAndConfirm, waitForMail } from './support';

const ADMIN_EMAIL = 'admin@example.com';

interface Subscription {
  subscription_tier: string;
  cancellation_end_date: string | null;
}

/** Signs the admin in on an API context, creating and confirming the account on first use. */
async function signInAdmin(request: APIRequestContext): Promise<void> {
  const started = Date.now() - 1000;
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email: ADMIN_EMAIL, password: PASSWORD, name: ADMIN_EMAIL, callbackURL: '/' },
  });
  if (signUp.ok()) {
    const mail = await waitForMail(request, ADMIN_EMAIL, { after: started });
    await request.get(authLink(mail));
    return;
  }
  let res = await request.post('/api/auth/sign-in/email', { data: { email: ADMIN_EMAIL, password: PASSWORD } });
  if (res.status() === 403) {
    // Signed up earlier by another spec but never confirmed: its confirmation mail is in the outbox.
    await request.get(authLink(await waitForMail(request, ADMIN_EMAIL)));
    res = await request.post('/api/auth/sign-in/email', { data: { email: ADMIN_EMAIL, password: PASSWORD } });
  }
  expect(res.ok(), `admin sign-in answered ${res.status()}`).toBe(true);
}

async function subscription(page: Page): Promise<Subscription> {
  const res = await page.request.get('/api/subscription');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Subscription;
}

test('a Free user subscribes to Pro, cancels in the portal, and is Free again after the end date', async ({
  page,
  request,
  playwright,
}) => {
  await signUpAndConfirm(page, request);

  // Subscribe to Pro monthly in the sandbox checkout.
  await page.goto('/pricing');
  // The back-to-school offer starts when its button first shows (here, on pricing) and applies at once.
  await expect(page.getByTestId('promo-applied')).toContainText('BACK2SCHOOL40');
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await page.waitForURL(/\/sandbox\/checkout\?session=/);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  // 40% off Pro monthly.
  await expect(page.getByTestId('applied-code')).toHaveText('BACK2SCHOOL40 · 40% off');
  await page.getByRole('button', { name: 'Pay $11.99' }).click();

  await page.waitForURL(/\/profile/);
  await expect(page.getByText('Pro Plan', { exact: true })).toBeVisible();
  await expect(page.getByText('Active subscription', { exact: true })).toBeVisible();
  await expect(page.getByText('15,000 words remaining this month', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  // The home card shows the new balance and the 1,500-word cap.
  await page.goto('/');
  await expect(page.getByTestId('balance')).toContainText('15,000 words left');
  await expect(page.getByTestId('balance')).toContainText(/Pro plan/i);
  await expect(page.getByTestId('word-counter')).toContainText(/\/ 1,?500 words/);

  // Cancel in the portal (a new tab); the account keeps Pro and warns with the end date.
  await page.goto('/profile');
  const [portal] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Manage Plan' }).click(),
  ]);
  await portal.waitForURL(/\/sandbox\/portal\?session=/);
  await expect(portal.getByText('TEST MODE')).toBeVisible();
  await portal.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(portal.getByRole('status')).toContainText('Your subscription is cancelled');
  await portal.close();

  const sub = await subscription(page);
  expect(sub.subscription_tier).toBe('Pro');
  const end = sub.cancellation_end_date;
  expect(end).not.toBeNull();
  await page.reload();
  await expect(page.getByText('⚠️ Subscription cancelled', { exact: true })).toBeVisible();
  const shown = await page.evaluate(
    (iso) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    end!,
  );
  await expect(page.getByText(`You will lose access to your Pro plan on ${shown}`)).toBeVisible();
  await expect(page.getByText('Pro Plan', { exact: true })).toBeVisible();

  // Past the end date, the admin's expiration run makes the account Free again. Any read of the account
  // expires it too (loadSubscriber's lazy transition), so the page leaves first: the run is the only reader.
  const origin = new URL(page.url()).origin;
  await page.goto('about:blank');
  const admin = await playwright.request.newContext({ baseURL: origin });
  try {
    await signInAdmin(admin);
    const offsetMs = Date.parse(end!) - Date.now() + 3_600_000;
    expect((await admin.post('/api/dev/clock', { data: { offsetMs } })).ok()).toBe(true);
    const run = await admin.post('/api/functions/process-expired-subscriptions', { data: {} });
    expect(run.ok(), `expiration run answered ${run.status()}`).toBe(true);
    expect(((await run.json()) as { expired: number }).expired).toBeGreaterThanOrEqual(1);

    await page.goto(`${origin}/profile`);
    await expect(page.getByText('Free Plan', { exact: true })).toBeVisible();
    await expect(page.getByText('Free plan active', { exact: true })).toBeVisible();
    await expect(page.getByText('250 words remaining this month', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade' })).toBeVisible();
  } finally {
    await admin.post('/api/dev/clock', { data: { offsetMs: 0 } });
    await admin.dispose();
  }
});
