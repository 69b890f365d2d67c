/** A history worth keeping: details on each card, search, delete with undo, 20 a page; the profile's display name. */
import { expect, test, type Page } from '@playwright/test';
import { costLine } from '@plainspoken/shared';
import { sampleText, signUpAndConfirm } from './support';

/** Rewrites through the product's API with the page's session (the shared e2e server has rate limits off). */
async function humanize(page: Page, text: string, mode: 'lightning' | 'deep' = 'lightning') {
  const r = await page.request.post('/api/functions/humanize-text', {
    data: { text, mode },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(r.status()).toBe(200);
  return ((await r.json()) as { words_charged: number }).words_charged;
}

test('history: date and time, mode, words and scores; 20 at a time; search; delete with undo; at most three toasts', async ({
  page,
  request,
  context,
}) => {
  await signUpAndConfirm(page, request);
  // Enough words for 21 rewrites: the Ultra plan through the sandbox checkout.
  const r = await page.request.post('/api/functions/create-checkout', {
    data: { planTier: 'Ultra', billingPeriod: 'monthly' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(r.status()).toBe(200);
  await page.goto(((await r.json()) as { url: string }).url);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/profile/);
  // 21 entries: the first mentions a word no other has.
  const zanzibar = await humanize(page, `${sampleText(55)} Zanzibar harbour.`);
  let latest = 0;
  for (let i = 0; i < 20; i++) latest = await humanize(page, sampleText(50 + i));

  const firstPage = page.waitForResponse(
    (r) => r.url().includes('/api/transformations') && !r.url().includes('cursor='),
  );
  await page.goto('/history');
  const body = (await (await firstPage).json()) as { items: { created_at: string }[]; nextCursor: string | null };
  expect(body.items).toHaveLength(20);
  expect(body.nextCursor).not.toBeNull();
  const cards = page.getByTestId('history-card');
  await expect(cards.first()).toBeVisible();
  const first = cards.first();
  await expect(first.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}· \d{1,2}:\d{2} [AP]M$/);
  await expect(first.getByTestId('history-mode')).toHaveText('Lightning');
  // What the entry cost, as the rewrite answered it (not the text's length).
  await expect(first.getByTestId('history-words')).toHaveText(costLine(latest));
  await expect(first.getByTestId('history-score')).toHaveText(/^(AI-likeness )?\d{1,3}% → \d{1,3}%( · not lower)?$/);
  // The next 20 load as the list is scrolled (or with Load more).
  await cards.last().scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(21);

  const search = page.getByRole('searchbox', { name: 'Search your history' });
  await search.fill('zanzibar');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId('history-words')).toHaveText(costLine(zanzibar));
  await search.fill('no such words here');
  await expect(page.getByText('Nothing matches your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).first().click();
  await expect(cards.nth(19)).toBeVisible();

  // Delete, undo, delete again and let it go.
  const top = cards.first();
  const words = await top.getByTestId('history-result').textContent();
  await top.getByRole('button', { name: /^Delete the entry of/ }).click();
  await expect(page.getByText('Entry deleted')).toBeVisible();
  await expect(cards.first().getByTestId('history-result')).not.toHaveText(words ?? '');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cards.first().getByTestId('history-result')).toHaveText(words ?? '');
  // Undo closes its toast (it leaves with a short animation) before the entry is deleted again.
  await expect(page.getByText('Entry deleted')).toHaveCount(0);
  await cards
    .first()
    .getByRole('button', { name: /^Delete the entry of/ })
    .click();
  await expect(page.getByText('Entry deleted')).toHaveCount(1);
  await expect(page.getByText('Entry deleted')).toHaveCount(0, { timeout: 12_000 });
  await page.reload();
  await expect(cards.first()).toBeVisible();
  await cards.last().scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(20);
  await expect(cards.first().getByTestId('history-result')).not.toHaveText(words ?? '');

  // Five copies in a row: at most three toasts stack.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  for (let i = 0; i < 5; i++) await cards.nth(i).getByRole('button', { name: 'Copy Result' }).click();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(5);
  await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(3);
});

test('profile: a display name is shown instead of the email, and removing it shows the email again', async ({
  page,
  request,
}) => {
  const email = await signUpAndConfirm(page, request);
  await page.goto('/profile');
  const name = page.getByTestId('account-name');
  await expect(name).toHaveText(email);
  await page.getByRole('button', { name: 'Set name (your display name)' }).click();
  await page.getByRole('textbox', { name: 'Display name' }).fill('x'.repeat(81));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your name can be at most 80 characters.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Display name' }).fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(name).toHaveText('Ada Lovelace');
  await page.reload();
  await expect(name).toHaveText('Ada Lovelace');
  await expect(page.getByTestId('account-card')).toContainText(email);
  await page.getByRole('button', { name: 'Edit your name' }).click();
  await page.getByRole('textbox', { name: 'Display name' }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(name).toHaveText(email);
});
