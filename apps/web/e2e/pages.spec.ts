import { expect, test } from '@playwright/test';

test('unknown routes show the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});

const STATIC_PAGES: [string, string | RegExp][] = [
  ['/', 'AI text that reads like you wrote it'],
  ['/pricing', 'Pricing'],
  ['/ai-check', 'AI check'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/ethical-usage', 'Ethical Usage Policy'],
  ['/maintenance', 'Subscription System Under Maintenance'],
  ['/history', 'Please sign in'],
];

for (const [path, heading] of STATIC_PAGES) {
  test(`${path} renders its heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

test('legal pages carry the last-updated date and the key terms', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByText('Last updated July 1, 2025')).toBeVisible();
  await expect(page.getByText(/All sales are final/).first()).toBeVisible();
  await expect(page.getByText(/at least 18 years old/)).toBeVisible();
});

test('maintenance page links home and to pricing', async ({ page }) => {
  await page.goto('/maintenance');
  await expect(page.getByText(/Existing subscriptions work normally/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Pricing' }).click();
  await expect(page).toHaveURL('/pricing');
  await page.goto('/maintenance');
  await page.getByRole('link', { name: 'Return to Homepage' }).click();
  await expect(page).toHaveURL('/');
});

test('header and footer links, and /#features scrolls to the features', async ({ page }) => {
  await page.goto('/privacy');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/ethical-usage');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Contact' })).toHaveAttribute('href', /^mailto:.+@/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'AI check' })).toHaveAttribute('href', '/ai-check');
  await expect(footer.getByRole('link', { name: 'AI check' })).toHaveAttribute('href', '/ai-check');
  await footer.getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL('/#features');
  await expect(page.locator('#features')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Do I need an account?' })).toBeVisible();
});

test('"Try for free" clicked before the app takes over still leads to sign-up', async ({ browser }) => {
  // The hero's HTML is painted before the app's code runs (prerender.tsx): without the code, the button
  // submits its form to /?auth=sign-up.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const shell = await noJs.newPage();
  await shell.goto('/');
  await shell.getByRole('button', { name: 'Try for free' }).first().click();
  await expect(shell).toHaveURL(/\/\?auth=sign-up$/);
  await noJs.close();
  // That address, with the app running, opens sign-up and takes the parameter out of the address.
  const withJs = await browser.newContext();
  const page = await withJs.newPage();
  await page.goto('/?auth=sign-up');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Create account' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await withJs.close();
});

test('signed-out Try for free opens the auth dialog', async ({ page }) => {
  await page.goto('/');
  // A click that lands before the app has taken over reloads the page with ?auth=sign-up (see above), so
  // the click is repeated until the dialog shows.
  await expect(async () => {
    await page.getByRole('button', { name: 'Try for free' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Create account' })).toBeVisible();
  // The e2e server has no Google settings, so Google is not offered (limits-google.spec.ts covers the other case).
  await expect(page.getByRole('button', { name: /Continue with Google/ })).toHaveCount(0);
});
