/**
 * API keys on the profile page and the API reference page, as a person uses them: a Free account sees the
 * upgrade message, subscribes in the sandbox, creates a key (shown once, copied to the clipboard), calls
 * the public API with it, and revokes it. The reference page renders every endpoint from this server only.
 */
import { expect, test, type Page } from '@playwright/test';
import { API_MSG } from '@plainspoken/shared';
import { sampleText, signUpAndConfirm } from './support';

const shots = process.env.E2E_SCREENSHOTS;

async function subscribeToPro(page: Page): Promise<void> {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await page.waitForURL(/\/sandbox\/checkout\?session=/);
  // The price depends on the new account's back-to-school offer, which is not what this test is about.
  await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
  await page.waitForURL(/\/profile/);
  await expect(page.getByText('Pro Plan', { exact: true })).toBeVisible();
}

test('a paid account creates an API key, copies it once, humanizes with it, and revokes it', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signUpAndConfirm(page, request);

  // Free: the upgrade message with a way to the plans, no form.
  await page.goto('/profile');
  const card = page.getByTestId('api-keys-card');
  await expect(card.getByTestId('api-keys-upgrade')).toContainText(API_MSG.keysNeedPaidPlan);
  await expect(card.getByLabel('Key name')).toHaveCount(0);
  if (shots) await card.screenshot({ path: `${shots}/api-keys-free.png` });
  await card.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  await subscribeToPro(page);
  await expect(card.getByTestId('api-keys-upgrade')).toHaveCount(0);
  await expect(card.getByText('You have no API keys yet.')).toBeVisible();

  // An empty name is refused in place.
  await card.getByRole('button', { name: 'Create key' }).click();
  await expect(card.getByRole('alert')).toHaveText(API_MSG.keyNameRequired);

  await card.getByLabel('Key name').fill('Production server');
  await card.getByRole('button', { name: 'Create key' }).click();
  const fresh = card.getByTestId('new-api-key');
  await expect(fresh).toBeVisible();
  await expect(fresh).toContainText(API_MSG.keyCreatedText);
  const secret = await fresh.getByLabel('New API key').inputValue();
  expect(secret).toMatch(/^ps_live_[A-Za-z0-9_-]{43}$/);
  await fresh.getByRole('button', { name: 'Copy key' }).click();
  await expect(fresh.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const row = card.getByTestId('api-key');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Production server');
  await expect(row).toContainText(`${secret.slice(0, 14)}…`);
  await expect(row).toContainText('Never used');
  if (shots) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await card.screenshot({ path: `${shots}/api-keys-created-1366.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.screenshot({ path: `${shots}/api-keys-created-390.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // The key humanizes through the public API, charged to this account.
  const text = sampleText(60);
  const res = await request.post('/v1/humanize', {
    headers: { Authorization: `Bearer ${secret}` },
    data: { text, mode: 'lightning' },
  });
  expect(res.status()).toBe(200);
  const out = (await res.json()) as { words_charged: number; remaining_balance: number };
  expect(out).toMatchObject({ words_charged: 60, remaining_balance: 15_000 - 60 });

  // Shown once: after a reload only the visible start remains, and the key's last use shows.
  await page.reload();
  await expect(row).toContainText(/Last used \w{3} \d{1,2}, \d{4}/);
  await expect(card.getByTestId('new-api-key')).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByText('14,940 words remaining this month', { exact: true })).toBeVisible();

  // Revoke, with a confirmation; the key stops working at once.
  await card.getByRole('button', { name: 'Revoke Production server' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Apps using this key stop working at once.');
  if (shots) await page.screenshot({ path: `${shots}/api-keys-revoke-dialog.png` });
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('api-key')).toHaveCount(0);
  const after = await request.get('/v1/usage', { headers: { Authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(401);
  expect(((await after.json()) as { error: { message: string } }).error.message).toBe(API_MSG.revokedKey);
});

test('the API reference renders every endpoint with examples, from this server only, under its CSP', async ({
  page,
  baseURL,
}) => {
  const foreign: string[] = [];
  const problems: string[] = [];
  const origin = new URL(baseURL!).origin;
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));

  await page.setViewportSize({ width: 1366, height: 900 });
  // Found from the site's footer.
  await page.goto('/privacy');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page).toHaveTitle('API reference · Plainspoken');
  await expect(page.getByRole('heading', { name: 'Plainspoken API', level: 1 })).toBeVisible({ timeout: 30_000 });
  // Every endpoint is in the navigation, and opens its own section.
  for (const summary of ['Humanize a text', 'Check how machine-written a text reads', 'Your plan and word balance']) {
    const link = page.getByRole('link', { name: new RegExp(`^${summary}`) }).first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.getByRole('heading', { name: summary }).first()).toBeVisible();
  }
  for (const path of ['/v1/humanize', '/v1/detect', '/v1/usage'])
    await expect(page.getByText(path).first()).toBeAttached();
  await expect(page.getByText('Authorization: Bearer ps_live_...').first()).toBeVisible();
  // The copy-paste examples: curl, JavaScript and Python for each endpoint.
  await page
    .getByRole('link', { name: /^Humanize a text/ })
    .first()
    .click();
  await page
    .getByRole('button', { name: /Shell Curl|curl/ })
    .first()
    .click();
  await expect(page.getByRole('option')).toContainText(['curl', 'JavaScript', 'Python']);
  await page.getByRole('option', { name: 'Python', exact: true }).click();
  await expect(page.getByText('PLAINSPOKEN_API_KEY').first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/docs-api-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  if (shots) await page.screenshot({ path: `${shots}/docs-api-390.png` });

  expect(foreign, 'requests to other origins').toEqual([]);
  expect(problems, 'console errors and CSP violations').toEqual([]);

  const doc = await page.request.get('/api/openapi.json');
  expect(doc.ok()).toBe(true);
  const json = (await doc.json()) as { paths: Record<string, unknown> };
  expect(Object.keys(json.paths).sort()).toEqual([
    '/v1/detect',
    '/v1/humanize',
    '/v1/transformations/{id}/export.docx',
    '/v1/usage',
  ]);
});
