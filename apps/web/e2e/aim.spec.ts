/**
 * Aiming Deep at one outside detector (decision 0040), on a phone-sized screen, against the built server
 * started here with a fake OpenAI-compatible model and a fake GPTZero (both real HTTP, in this process).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startFakeProvider, type FakeProvider } from '../../../packages/humanizer/src/model/fake-provider.ts';
import { FAKE_KEY, startFakeVendors, type FakeVendors } from '../../server/src/lib/outside-detectors/fake-vendors.ts';
import { startExtraServer, type ExtraServer } from './extra-server';
import { sampleText, signUpAndConfirm } from './support';

test.describe.configure({ mode: 'serial' });

let provider: FakeProvider;
let vendors: FakeVendors;
let server: ExtraServer;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  provider = await startFakeProvider({ corpus: false });
  vendors = await startFakeVendors((text) => 0.1 + (text.length % 40) / 100);
  server = await startExtraServer({
    HUMANIZER_LLM_BASE_URL: provider.url,
    HUMANIZER_LLM_API_KEY: 'fake',
    HUMANIZER_LLM_MODEL: 'fake-model',
    GPTZERO_API_KEY: FAKE_KEY,
    GPTZERO_BASE_URL: vendors.url,
    OUTSIDE_DETECTOR_TIMEOUT_MS: '3000',
    AUTH_RATE_LIMIT_SCALE: '100',
  });
  context = await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 } });
  page = await context.newPage();
});
test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  await vendors?.close();
  await provider?.close();
});

test('Deep aimed at GPTZero on a phone: picked by keyboard, and the result says what GPTZero scored', async () => {
  await signUpAndConfirm(page, page.request);
  await page.goto('/');
  const aim = page.getByRole('combobox', { name: 'Aim at' });
  await expect(aim).toBeEnabled();
  await expect(aim).toHaveValue('ours');
  // Keyboard: focus the choice and move to the next option with the arrow key.
  await aim.focus();
  await page.keyboard.press('ArrowDown');
  await expect(aim).toHaveValue('gptzero');
  // It fits the phone's width: nothing scrolls sideways.
  const box = (await aim.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const scans = vendors.calls.gptzero;
  await page.getByRole('textbox', { name: 'Your text' }).fill(sampleText(70));
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByTestId('aim-result')).toHaveText(/^Aimed at GPTZero: \d{1,3}% AI$/, { timeout: 45_000 });
  await expect(page.getByTestId('engine-badge')).toHaveText('Full rewrite');
  // The text before, then at most four aimed texts; the scorecard's answer after came from the cache.
  expect(vendors.calls.gptzero - scans).toBeGreaterThanOrEqual(2);
  expect(vendors.calls.gptzero - scans).toBeLessThanOrEqual(5);

  const line = (await page.getByTestId('aim-result').textContent())!;

  // Lightning has no aim.
  await page.getByRole('radio', { name: /Lightning/ }).click();
  await expect(aim).toHaveCount(0);

  // History keeps what the rewrite aimed at and what it scored.
  await page.goto('/history');
  await expect(page.getByTestId('history-aim').first()).toHaveText(line);
  // Opened again in the editor, the result says it once more.
  await expect(page.getByTestId('history-engine').first()).toHaveText('Full rewrite');
  await page.getByTestId('history-open').first().click();
  await expect(page.getByTestId('aim-result')).toHaveText(line);
  // Reopened, the entry is still the model's full rewrite, not a light edit.
  await expect(page.getByTestId('engine-badge')).toHaveText('Full rewrite');
});
