/**
 * The meaning report in the browser (issue 54): with a model connected (a scripted OpenAI-compatible provider, real
 * HTTP, in this process) whose plain rewrite changes one number, the result keeps the rewrite, puts that sentence
 * back as written, and the report folded under the scores lists every fact of the text, kept, with where each
 * stands on hover or focus, and the sentence put back with why. Checked with axe; screenshots in light and dark.
 */
import { expect, test } from '@playwright/test';
import { startScriptedProvider } from '../../../packages/humanizer/src/model/scripted-provider.ts';
import { startExtraServer, type ExtraServer } from './extra-server';
import { axeViolationsIn, signUpAndConfirm } from './support';

const TEXT =
  'In today\'s fast-paced world, the Riverside Library plays a pivotal role in fostering community connection. It welcomed 12,400 visitors in 2023. Furthermore, director Alice Moreno stated, "Every visitor deserves a quiet place to read." Ultimately, the library does not charge any fees for its programs, which ensures that residents of all ages can benefit.';
// Plainer and faithful but for one number: 12,400 visitors became 14,200. Every other sentence says what the text
// says (the first in other words, the quotation still attributed with "said"), so only that one comes back.
const ANSWER =
  'In a world that moves this fast, the Riverside Library plays a big part in helping the community connect. It had 14,200 visitors in 2023. As director Alice Moreno said, "Every visitor deserves a quiet place to read." And the library does not charge any fees for its programs, so residents of all ages can benefit.';

// For the second test: a text whose rewrite leaves out where the gallery is, which no word rule can tell from a
// faithful reordering; the second opinion can.
const MUSEUM =
  "In today's rapidly evolving landscape, the Harbor Museum plays a crucial role in preserving local history. Moreover, it offers a diverse array of engaging exhibits that captivate visitors of all ages. The museum opened its new gallery on the east side last spring. Ultimately, it stands as a testament to the community's enduring commitment to heritage.";
const MUSEUM_ANSWER =
  'The Harbor Museum plays a big part in keeping local history alive. It also has lots of engaging exhibits that visitors of all ages enjoy. Last spring the museum opened its new gallery. In the end, it shows how committed the community is to its heritage.';

let provider: { url: string; close: () => Promise<void> };
let server: ExtraServer;
// The second opinion Deep asks by default (decision 0066): the questions it got, and the words that make it
// dispute a rewritten sentence (none: it finds every one the same).
const judged: string[] = [];
let disputeWhere: string | null = null;

test.beforeAll(async () => {
  provider = await startScriptedProvider((prompt) => {
    if (prompt.includes('<pairs>')) {
      judged.push(prompt);
      const pairs = [...prompt.matchAll(/^(\d+)\. A: [\s\S]*?\n {3}B: (.*)$/gm)];
      return pairs
        .map(
          (m) =>
            `${m[1]}. ${disputeWhere && m[2]!.includes(disputeWhere) ? 'B leaves out a detail A states.' : 'NONE'}`,
        )
        .join('\n');
    }
    // Rounds on single sentences get them back as they were sent.
    const list = /<sentences>\n([\s\S]*?)\n<\/sentences>/.exec(prompt);
    if (list) return list[1] ?? '';
    return prompt.includes('gallery') ? MUSEUM_ANSWER : ANSWER;
  });
  server = await startExtraServer({
    HUMANIZER_LLM_BASE_URL: provider.url,
    HUMANIZER_LLM_API_KEY: 'scripted',
    HUMANIZER_LLM_MODEL: 'scripted-model',
    AUTH_RATE_LIMIT_SCALE: '100',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

test('the meaning report lists each fact, shows where it stands on focus, and the sentence put back', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server.base,
    bypassCSP: true,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await signUpAndConfirm(page, page.request);
  await page.goto('/');
  await page.getByRole('radio', { name: /Deep Humanize/ }).click();
  await page.getByRole('textbox', { name: 'Your text' }).fill(TEXT);
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByTestId('engine-badge')).toHaveText('Full rewrite', { timeout: 45_000 });
  const result = (await page.getByTestId('result-text').textContent()) ?? '';
  // The changed number never reaches the result: its sentence is back as written.
  expect(result).not.toContain('14,200');
  expect(result).toContain('It welcomed 12,400 visitors in 2023.');
  // The rest is the model's.
  expect(result).toContain('As director Alice Moreno said');
  // The second opinion was asked about the rewritten sentences delivered, not the one already put back.
  expect(judged).toHaveLength(1);
  expect(judged[0]).toContain('B: As director Alice Moreno said');
  expect(judged[0]).not.toContain('14,200');

  const report = page.getByTestId('meaning-report');
  await expect(page.getByTestId('meaning-summary')).toContainText(
    /^Meaning check: \d+ facts checked: .*1 quotation, 1 negation: all kept\. 1 sentence put back as you wrote it/,
  );
  // Folded until opened by keyboard.
  await expect(page.getByTestId('meaning-facts')).toBeHidden();
  await page.getByTestId('meaning-summary').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('meaning-facts')).toBeVisible();
  // Focus a fact: where it stands in the result is shown, marked.
  await page.getByRole('button', { name: 'Number 12,400 visitors: kept as written' }).focus();
  await expect(page.getByTestId('meaning-where')).toContainText('In the result:');
  await expect(page.getByTestId('meaning-where').locator('mark')).toHaveText('12,400 visitors');
  await expect(page.getByTestId('meaning-put-back')).toContainText('It welcomed 12,400 visitors in 2023.');
  await expect(page.getByTestId('meaning-put-back')).toContainText('Why:');
  expect(await axeViolationsIn(page, '[data-testid="meaning-report"]')).toEqual([]);
  await report.screenshot({ path: test.info().outputPath('meaning-report-light.png') });

  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await axeViolationsIn(page, '[data-testid="meaning-report"]')).toEqual([]);
  await report.screenshot({ path: test.info().outputPath('meaning-report-dark.png') });
  await context.close();
});

test('Deep asks a second opinion by default: a sentence it disputes is put back as written, and the report says why', async ({
  browser,
}) => {
  judged.length = 0;
  disputeWhere = 'Last spring the museum';
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signUpAndConfirm(page, page.request);
  await page.goto('/');
  await page.getByRole('radio', { name: /Deep Humanize/ }).click();
  await page.getByRole('textbox', { name: 'Your text' }).fill(MUSEUM);
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByTestId('engine-badge')).toHaveText('Full rewrite', { timeout: 45_000 });
  const result = (await page.getByTestId('result-text').textContent()) ?? '';
  expect(judged[0]).toContain('B: Last spring the museum opened its new gallery.');
  expect(result).not.toContain('Last spring the museum');
  expect(result).toContain('The museum opened its new gallery on the east side last spring.');
  expect(result).toContain('The Harbor Museum plays a big part in keeping local history alive.');
  await expect(page.getByTestId('meaning-summary')).toContainText('1 sentence put back as you wrote it');
  // What the second opinion read of the result (decision 0067): the three sentences the model wrote, found the same.
  await expect(page.getByTestId('meaning-summary')).toContainText(
    'A second reading by the model compared all 3 rewritten sentences with yours and found them the same',
  );
  await page.getByTestId('meaning-summary').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('meaning-put-back')).toContainText(
    'The museum opened its new gallery on the east side last spring.',
  );
  await expect(page.getByTestId('meaning-put-back')).toContainText(
    'a second check found that the sentence says something different',
  );
  await page.getByTestId('meaning-report').screenshot({ path: test.info().outputPath('second-opinion-put-back.png') });
  await context.close();
  disputeWhere = null;
});
