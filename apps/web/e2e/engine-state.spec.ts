import { expect, test, type Request } from '@playwright/test';
import { ENGINE_MSG } from '@plainspoken/shared';
import { PASSWORD, sampleText, signUpAndConfirm } from './support';

// The e2e server runs without a model (NODE_ENV=test never looks for Ollama): the home card must say so.
test('without a model the home card says both modes make a light edit and turns off model-only options', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  const card = page.getByTestId('humanizer-card');
  await expect(card.getByTestId('engine-note')).toContainText(ENGINE_MSG.noModel);
  await expect(card.getByTestId('mode-hint-deep')).toHaveText(ENGINE_MSG.noModelShort);
  await expect(card.getByTestId('mode-hint-lightning')).toHaveText(ENGINE_MSG.noModelShort);
  await expect(page.getByRole('radio', { name: /Deep Humanize/ })).not.toHaveAccessibleName(/best results/);
  await expect(card.getByTestId('engine-admin-banner')).toHaveCount(0);

  const tone = card.getByRole('combobox', { name: 'Tone' });
  const level = card.getByRole('combobox', { name: 'Reading level' });
  for (const t of ['Professional', 'Academic', 'Persuasive'])
    await expect(tone.locator('option', { hasText: t })).toBeDisabled();
  await expect(tone.locator('option', { hasText: 'Academic' })).toHaveText(/Needs a connected model/);
  await expect(tone.locator('option', { hasText: 'Casual' })).toBeEnabled();
  await expect(level.locator('option', { hasText: 'Advanced' })).toBeDisabled();
  await expect(level.locator('option', { hasText: 'Simple' })).toBeEnabled();
  await expect(card.getByTestId('writing-options')).toContainText(ENGINE_MSG.pickerNoModel);

  // Signed in: a light-edit option is sent and charged; asking the server for a model-only one is refused.
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await signUpAndConfirm(page, page.request);
  await tone.selectOption('casual');
  // Lightning: on this text its light edit scores lower (Deep's, with the casual contractions, does not, and is free).
  await page.getByRole('radio', { name: /Lightning Mode/ }).click();
  await card.getByRole('textbox', { name: 'Your text' }).fill(sampleText(60));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Text humanized successfully!')).toBeVisible({ timeout: 30_000 });
  const sent = requests
    .filter((r) => r.url().endsWith('/api/functions/humanize-text') && r.method() === 'POST')
    .map((r) => r.postDataJSON() as { tone: string; readingLevel: string });
  expect(sent.at(-1)).toMatchObject({ tone: 'casual', readingLevel: 'standard' });
  const balance = await page.getByTestId('balance').textContent();

  const refused = await page.request.post('/api/functions/humanize-text', {
    data: { text: sampleText(60), mode: 'deep', tone: 'academic' },
    headers: { origin: baseURL ?? '' },
  });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toMatchObject({ error: { code: 'NEEDS_MODEL' } });
  await page.reload();
  await expect(page.getByTestId('balance')).toHaveText(balance ?? '');
});

test('an admin sees the setup banner on /admin and the home card, linking to the engine page', async ({ page }) => {
  // The admin account is shared with other specs: sign in when it exists, create it the first time.
  await page.goto('/');
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'admin@example.com', password: PASSWORD },
  });
  if (!signIn.ok()) await signUpAndConfirm(page, page.request, 'admin@example.com');
  await page.goto('/admin');
  await expect(page.getByTestId('engine-admin-banner')).toContainText('ollama pull qwen2.5:7b-instruct');
  await page.goto('/');
  const banner = page.getByTestId('engine-admin-banner');
  await expect(banner).toContainText('ollama pull qwen2.5:7b-instruct');
  await banner.getByRole('link', { name: ENGINE_MSG.adminBannerLink }).click();
  await expect(page).toHaveURL('/admin/engine');
});
