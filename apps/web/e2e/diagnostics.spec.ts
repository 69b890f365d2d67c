import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, signUpAndConfirm, uniqueEmail } from './support';

// The e2e server lists this address in ADMIN_EMAILS.
const ADMIN = 'admin@example.com';

/** Signs in as the admin, creating the account the first time any test needs it. */
async function asAdmin(page: Page, request: APIRequestContext): Promise<void> {
  await page.goto('/');
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email: ADMIN, password: PASSWORD } });
  if (res.ok()) {
    await page.reload();
    return;
  }
  await signUpAndConfirm(page, request, ADMIN);
}

test.describe.configure({ mode: 'serial' });

test('a signed-in member gets the 403 page on every diagnostics page, and the endpoints refuse too', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request, uniqueEmail('member'));
  for (const path of ['/webhook-test', '/auth-test', '/subscription-test', '/admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByText('403', { exact: true })).toBeVisible();
  }
  for (const path of ['/api/admin/webhook-logs', '/api/admin/overview', `/api/admin/subscriber?email=${ADMIN}`]) {
    expect((await page.request.get(path)).status()).toBe(403);
  }
  expect((await page.request.delete('/api/admin/webhook-logs')).status()).toBe(403);
});

test('signed out: the subscription test asks to sign in; the admin endpoints answer 401', async ({ page }) => {
  await page.goto('/subscription-test');
  await expect(page.getByText('Please sign in to view subscription details.')).toBeVisible();
  await page.goto('/webhook-test');
  await expect(page.getByRole('heading', { name: 'Please sign in' })).toBeVisible();
  expect((await page.request.get('/api/admin/webhook-logs')).status()).toBe(401);
});

test("/subscription-test shows the admin's new free account as Free / Inactive with N/A dates", async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  await page.goto('/subscription-test');
  await expect(page.getByRole('heading', { name: 'Subscription test' })).toBeVisible();
  await expect(page.getByTestId('subscription-badge')).toHaveText('Inactive');
  await expect(page.getByTestId('sub-plan')).toHaveText('Free');
  await expect(page.getByTestId('sub-subscribed')).toHaveText('No');
  await expect(page.getByTestId('sub-balance')).toHaveText('250');
  await expect(page.getByTestId('sub-end')).toHaveText('N/A');
  await expect(page.getByTestId('sub-cancelled-at')).toHaveText('N/A');
  await expect(page.getByTestId('sub-cancellation-end')).toHaveText('N/A');
  await expect(page.getByTestId('cancellation-warning')).toHaveCount(0);
  await expect(page.getByText('How cancellation works')).toBeVisible();
  await page.getByRole('button', { name: 'Run Expiration Check' }).click();
  await expect(page.getByText('Expired subscriptions processed successfully')).toBeVisible();
});

test('an admin sends a test event, sees it in the logs and the subscriber panel, and clears the logs', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  // Other specs' checkouts leave provider events in the log; start from an empty one.
  expect((await page.request.delete('/api/admin/webhook-logs')).ok()).toBe(true);
  await page.goto('/webhook-test');
  await expect(page.getByRole('heading', { name: 'Webhook diagnostics' })).toBeVisible();
  await expect(page.getByLabel('Test email')).toHaveValue(ADMIN);
  await expect(page.getByLabel('Plan variant')).toHaveValue('905802');
  await expect(page.getByLabel('Test payload (JSON)')).toHaveValue(/"event_name": "subscription_created"/);

  await page.getByRole('button', { name: 'Check Endpoint' }).click();
  await expect(page.getByText('Webhook Endpoint Check', { exact: true })).toBeVisible();
  await expect(page.getByText(/Status: 204 - Endpoint is accessible/)).toBeVisible();

  await page.getByRole('button', { name: 'Test Webhook' }).click();
  await expect(page.getByText('Webhook Test Sent')).toBeVisible();
  await expect(page.getByText(/Response: 200 - /)).toBeVisible();
  const logs = page.getByTestId('webhook-logs');
  await expect(logs.getByTestId('webhook-log').first()).toContainText('subscription_created');
  await logs.getByText('Raw payload').first().click();
  await expect(logs.locator('pre').first()).toContainText('905802');
  await expect(page.getByTestId('subscriber-panel')).toContainText('Pro');

  // A broken payload is reported as the server answered it, as a destructive toast.
  await page.getByLabel('Test payload (JSON)').fill('{ not json');
  await page.getByRole('button', { name: 'Test Webhook' }).click();
  await expect(page.getByText(/Response: 400 - /)).toBeVisible();
  await expect(logs.getByTestId('webhook-log')).toHaveCount(2);
  await expect(logs.getByTestId('webhook-log').first()).toContainText('not valid JSON');

  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await expect(page.getByText('Subscriber data refreshed')).toBeVisible();

  await page.getByRole('button', { name: 'Clear Logs' }).click();
  await expect(page.getByText('Debug logs cleared')).toBeVisible();
  await expect(logs.getByText('No webhook logs yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('webhook-logs').getByText('No webhook logs yet.')).toBeVisible();
});

test('after the test event the subscription test shows the Pro plan as Active', async ({ page, request }) => {
  await asAdmin(page, request);
  await page.goto('/subscription-test');
  await expect(page.getByTestId('subscription-badge')).toHaveText('Active');
  await expect(page.getByTestId('sub-plan')).toHaveText('Pro');
  await expect(page.getByTestId('sub-subscribed')).toHaveText('Yes');
});

test('the admin overview charts the last 30 days', async ({ page, request }) => {
  await asAdmin(page, request);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin overview' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sign-ups per day' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Words humanized per day' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Webhook failures per day' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active subscribers by tier' })).toContainText('Pro');
});

test('/auth-test shows the admin session', async ({ page, request }) => {
  await asAdmin(page, request);
  await page.goto('/auth-test?probe=1#section');
  await expect(page.getByTestId('auth-status')).toHaveText('Authenticated');
  await expect(page.getByTestId('auth-email')).toHaveText(ADMIN);
  await expect(page.getByTestId('auth-token')).toHaveText(/^.{20}\.\.\.$/);
  await expect(page.getByText('bearer', { exact: true })).toBeVisible();
  await expect(page.getByText('?probe=1')).toBeVisible();
  await expect(page.getByText('#section')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Get started' })).toBeVisible();
});
