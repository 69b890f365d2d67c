/**
 * Never hand over worse (decision 0059) in the browser: with a model connected (a scripted OpenAI-compatible
 * provider, real HTTP, in this process) whose rewrite scores higher than the light edit, the result is the light
 * edit and the model's version is folded under it: opened by keyboard, its score and reason shown, copied, free;
 * History shows it again. Checked with axe in light and dark.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startScriptedProvider } from '../../../packages/humanizer/src/model/scripted-provider.ts';
import { startExtraServer, type ExtraServer } from './extra-server';
import { axeViolationsIn, signUpAndConfirm } from './support';

const TEXT =
  "In today's fast-paced world, the community center plays a pivotal role in fostering connection. Moreover, it offers a wide range of programs that cater to diverse needs. Furthermore, its dedicated staff work tirelessly to ensure that every visitor feels welcome. Ultimately, the center serves as a vital hub for residents of all ages.";
// Faithful, but as machine-like as the text: the light edit scores lower.
const STIFF =
  "In today's fast-paced world, the community center plays a crucial role in fostering connection. Additionally, it offers a wide range of programs that cater to diverse needs. Furthermore, its dedicated staff work tirelessly to ensure that every visitor feels welcome. Ultimately, the center serves as a vital hub for residents of all ages.";

test.describe.configure({ mode: 'serial' });

let provider: { url: string; close: () => Promise<void> };
let server: ExtraServer;
let context: BrowserContext;
let page: Page;

async function open(browser: Browser, colorScheme: 'light' | 'dark'): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.base,
    colorScheme,
    bypassCSP: true,
    viewport: { width: 1280, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}

test.beforeAll(async ({ browser }) => {
  provider = await startScriptedProvider((prompt) => {
    // Rounds get their sentences back as they were sent.
    const list = /<sentences>\n([\s\S]*?)\n<\/sentences>/.exec(prompt);
    return list ? (list[1] ?? '') : STIFF;
  });
  server = await startExtraServer({
    HUMANIZER_LLM_BASE_URL: provider.url,
    HUMANIZER_LLM_API_KEY: 'scripted',
    HUMANIZER_LLM_MODEL: 'scripted-model',
    AUTH_RATE_LIMIT_SCALE: '100',
  });
  context = await open(browser, 'light');
  page = await context.newPage();
});
test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  await provider?.close();
});

test("the light edit is the result, the model's version is folded under it, opened by keyboard and copied", async ({
  browser,
}) => {
  await signUpAndConfirm(page, page.request);
  await page.goto('/');
  await page.getByRole('radio', { name: /Deep Humanize/ }).click();
  await page.getByRole('textbox', { name: 'Your text' }).fill(TEXT);
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByTestId('engine-badge')).toHaveText('Light edit', { timeout: 45_000 });
  const panel = page.getByTestId('model-version');
  await expect(panel).toBeVisible();
  // Folded: the text is not shown until opened.
  await expect(page.getByTestId('model-version-text')).toBeHidden();
  await expect(page.getByTestId('model-version-summary')).toContainText("Model's version (not used)");
  const score = Number((await page.getByTestId('model-version-score').textContent())!.match(/(\d+)%/)![1]);
  // The note under the result says the same, with both scores.
  await expect(page.getByTestId('result-notes')).toContainText(
    `The model's rewrite scored ${score}%; the light edit scored`,
  );
  await expect(page.getByTestId('result-notes')).toContainText("The model's version is below, free to look at.");

  // Keyboard: focus the summary and open it with Enter.
  await page.getByTestId('model-version-summary').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('model-version-text')).toHaveText(STIFF);
  await expect(page.getByTestId('model-version-reason')).toContainText(
    new RegExp(`^The model's rewrite scored ${score}%; the light edit scored \\d+%, so you got the light edit\\.`),
  );
  await expect(page.getByTestId('model-version-reason')).toContainText('it is not charged');
  // Its own meaning check, read from the text and this version: the version keeps every word of fact.
  await expect(page.getByTestId('model-version-meaning')).toHaveText(
    'Meaning check of this version: No numbers, dates, names, links, quotations or negations to check',
  );
  // The result is not the model's text.
  await expect(page.getByTestId('result-text')).not.toHaveText(STIFF);

  // Copy, by keyboard: the clipboard holds the model's version.
  await page.getByTestId('model-version-copy').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('model-version-copy')).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(STIFF);
  expect(await axeViolationsIn(page, '[data-testid="model-version"]')).toEqual([]);
  await panel.screenshot({ path: test.info().outputPath('model-version-light.png') });
  await page.screenshot({ path: test.info().outputPath('result-light.png'), fullPage: true });

  // History shows it again on the card, and in the reopened entry.
  await page.goto('/history');
  const card = page.getByTestId('history-notes').first();
  if (!(await card.isVisible())) await page.getByRole('button', { name: 'Show full text' }).first().click();
  await expect(page.getByTestId('history-notes').first()).toContainText("The model's version is below");
  await expect(page.getByTestId('model-version').first()).toBeVisible();
  await page.getByTestId('model-version-summary').first().click();
  await expect(page.getByTestId('model-version-text').first()).toHaveText(STIFF);
  await page.getByTestId('history-open').first().click();
  await expect(page.getByTestId('engine-badge')).toHaveText('Light edit');
  await expect(page.getByTestId('model-version-score')).toHaveText(`AI score ${score}%`);

  // Dark: the same panel, same checks.
  const dark = await open(browser, 'dark');
  try {
    await dark.addCookies(await context.cookies());
    const p = await dark.newPage();
    await p.goto('/history');
    if (!(await p.getByTestId('history-notes').first().isVisible()))
      await p.getByRole('button', { name: 'Show full text' }).first().click();
    await p.getByTestId('model-version-summary').first().focus();
    await p.keyboard.press('Space');
    await expect(p.getByTestId('model-version-text').first()).toHaveText(STIFF);
    expect(await axeViolationsIn(p, '[data-testid="model-version"]')).toEqual([]);
    await p
      .getByTestId('model-version')
      .first()
      .screenshot({ path: test.info().outputPath('model-version-dark.png') });
  } finally {
    await dark.close();
  }
});
