import { expect, test, type Request } from '@playwright/test';
import { sampleText, signUpAndConfirm } from './support';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

function humanizeBodies(requests: Request[]) {
  return requests
    .filter((r) => r.url().endsWith('/api/functions/humanize-text') && r.method() === 'POST')
    .map((r) => r.postDataJSON() as { text: string; useSecondPrompt: boolean; mode: string });
}

test('humanize a 60-word text in Lightning mode, copy it, find it in history, run it again', async ({
  page,
  request,
}) => {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await signUpAndConfirm(page, request);

  const text = sampleText(60);
  const input = page.getByRole('textbox', { name: 'Your text' });
  await input.fill(text);
  await expect(page.getByTestId('word-counter')).toHaveText(/60 \/ 250 words/);
  await page.getByRole('radio', { name: /Lightning Mode/ }).click();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();

  await expect(page.getByText('Text humanized successfully!')).toBeVisible({ timeout: 30_000 });
  const result = page.getByTestId('result-text');
  await expect(result).not.toBeEmpty();
  await expect(page.getByTestId('engine-badge')).toBeVisible();
  await expect(page.getByTestId('score-meter')).toContainText('%');

  await page.getByTestId('result-panel').getByRole('button', { name: /Copy/ }).click();
  await expect(page.getByText('Copied!').first()).toBeVisible();
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  expect(clip.length).toBeGreaterThan(0);

  let bodies = humanizeBodies(requests);
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({ text, useSecondPrompt: false, mode: 'lightning' });

  // Same text again: the second prompt is requested.
  const again = page.getByRole('button', { name: 'Humanize again' });
  await expect(again).toBeEnabled();
  await again.click();
  await expect.poll(() => humanizeBodies(requests).length, { timeout: 30_000 }).toBe(2);
  bodies = humanizeBodies(requests);
  expect(bodies[1]).toMatchObject({ text, useSecondPrompt: true, mode: 'lightning' });
  await expect(page.getByRole('button', { name: 'Humanize again' })).toBeVisible({ timeout: 30_000 });
  // What the result said happened, which history says again.
  const badge = (await page.getByTestId('engine-badge').textContent())?.trim();
  const summary = (await page.getByTestId('result-summary').textContent())?.trim() ?? '';
  expect(summary.length).toBeGreaterThan(0);

  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL('/history');
  const cards = page.getByTestId('history-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByText('Original Text')).toBeVisible();
  await expect(cards.first().getByText('Humanized Result')).toBeVisible();
  await expect(cards.first().getByText(text)).toBeVisible();
  // The result on screen is the better of the two rewrites, so either entry may be the one it came from.
  await expect(cards.getByTestId('history-engine').filter({ hasText: badge ?? '' })).not.toHaveCount(0);
  for (const card of await cards.all()) await card.getByRole('button', { name: 'Show full text' }).click();
  await expect(page.getByRole('list', { name: 'What happened' }).filter({ hasText: summary })).not.toHaveCount(0);
  await cards.first().getByRole('button', { name: 'Copy Result' }).click();
  await expect(page.getByText('Result copied to clipboard')).toBeVisible();
});

test('fewer than 50 words asks for more; more than the cap disables the button', async ({ page, request }) => {
  await signUpAndConfirm(page, request);
  const input = page.getByRole('textbox', { name: 'Your text' });
  const button = page.getByRole('button', { name: 'Humanize', exact: true });

  await input.fill(sampleText(40));
  await button.click();
  await expect(page.getByText('Minimum 50 words required')).toBeVisible();
  await expect(page.getByText('Please enter at least 50 words to humanize your text')).toBeVisible();

  await input.fill(sampleText(260));
  await expect(page.getByTestId('word-counter')).toHaveText(/260 \/ 250 words/);
  await expect(page.getByTestId('word-counter')).toHaveAttribute('data-warning', 'true');
  await expect(button).toBeDisabled();
});

test('signed-out visitors are asked to sign up when they humanize', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Your text' }).fill(sampleText(60));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
});

test('Deep mode streams the engine’s progress and ends with the result', async ({ page, request }) => {
  const accepts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/functions/humanize-text')) accepts.push(r.headers()['accept'] ?? '');
  });
  await signUpAndConfirm(page, request);
  await page.getByRole('textbox', { name: 'Your text' }).fill(sampleText(120));
  await page.getByRole('radio', { name: /Deep Humanize/ }).click();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Text humanized successfully!')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('result-text')).not.toBeEmpty();
  expect(accepts).toEqual(['text/event-stream']);
  const sub = (await (await page.request.get('/api/subscription')).json()) as { currentBalance: number };
  expect(sub.currentBalance).toBe(130);
});
