/**
 * The rewrite is shown exactly as the server returned it: numbers, prices, links, addresses, versions,
 * paragraphs and bullet lists survive on screen, in both modes and in both tabs.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { signUpAndConfirm } from './support';

const TEXT = [
  "In today's fast-paced digital landscape, it is important to note that our revenue grew 3.5% last quarter. Moreover, the Pro plan costs $19.99 per month and unlocks crucial features for every team.",
  '',
  'Furthermore, the documentation at https://example.com/docs/v2.1 explains how to delve into the setup. Please contact jane.doe@example.com if you need help. We released v2.1.0 last week, and it requires Node.js 20 or newer to run smoothly.',
  '',
  'Key points to remember:',
  '- item one: leverage the new dashboard to unlock valuable insights',
  '- item two: navigate the complexities of migration with ease',
  '- item three: foster seamless collaboration across every department',
].join('\n');

const TOKENS = ['3.5%', '$19.99', 'https://example.com/docs/v2.1', 'jane.doe@example.com', 'v2.1.0', 'Node.js'];

interface Output {
  humanized_text: string;
}

/** The result from the humanize response: plain JSON (Lightning) or the `result` event of a stream (Deep). */
async function readOutput(res: Response): Promise<Output> {
  const body = await res.text();
  if (!(res.headers()['content-type'] ?? '').includes('text/event-stream')) return JSON.parse(body) as Output;
  const block = body.split('\n\n').find((b) => /^event: result$/m.test(b));
  if (!block) throw new Error(`no result event in: ${body.slice(0, 300)}`);
  const data = block
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => l.slice(6))
    .join('\n');
  return JSON.parse(data) as Output;
}

async function humanize(page: Page, mode: RegExp): Promise<Output> {
  await page.getByRole('radio', { name: mode }).click();
  const response = page.waitForResponse(
    (r) => r.url().endsWith('/api/functions/humanize-text') && r.request().method() === 'POST',
    {
      timeout: 90_000,
    },
  );
  await page.getByRole('button', { name: /^Humanize( again)?$/ }).click();
  const res = await response;
  expect(res.ok()).toBe(true);
  return readOutput(res);
}

test('the rewrite keeps every character, line break and token in both modes and both tabs', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signUpAndConfirm(page, request);
  await page.getByRole('textbox', { name: 'Your text' }).fill(TEXT);

  for (const mode of [/Lightning Mode/, /Deep Humanize/]) {
    if (mode.source.startsWith('Deep')) {
      // A new text, not "Humanize again" (which keeps the better-scoring of two results on screen): each mode's
      // own result is what this test reads. Same word count, so Free has words for both runs.
      await page.getByRole('textbox', { name: 'Your text' }).fill(TEXT.replace('last week', 'this week'));
    }
    const out = await humanize(page, mode);
    const shown = page.getByTestId('result-text');
    await expect.poll(() => shown.textContent(), { timeout: 30_000 }).toBe(out.humanized_text);
    // The run is over once the button has its label back (Free has words for exactly two runs of this text).
    await expect(page.getByRole('button', { name: /^Humanize( again)?$/ })).toBeVisible({ timeout: 30_000 });

    // What the reader sees: the paragraphs and list lines are on their own lines, the tokens intact.
    const seen = await shown.innerText();
    for (const token of TOKENS) expect(seen, `${mode} rewrite shows ${token}`).toContain(token);
    expect(seen).toMatch(/\n\s*\n/);
    expect(seen.split('\n').filter((l) => l.startsWith('- ')).length).toBe(3);
    await expect(page.getByTestId('result-summary')).not.toBeEmpty();
    await expect(page.getByTestId('engine-badge')).toHaveText(/Full rewrite|Light edit|No changes/);

    await page.getByRole('tab', { name: 'What changed' }).click();
    const diff = page.getByTestId('result-diff');
    await expect(diff).toBeVisible();
    const diffSeen = await diff.innerText();
    for (const token of TOKENS) expect(diffSeen, `${mode} diff shows ${token}`).toContain(token);
    expect(diffSeen.split('\n').filter((l) => l.startsWith('- ')).length).toBeGreaterThanOrEqual(3);
    // Everything but the struck-out words is the rewrite itself, character for character.
    const kept = await diff.evaluate((el) =>
      Array.from(el.childNodes)
        .filter((n) => n.nodeName !== 'DEL')
        .map((n) => n.textContent)
        .join(''),
    );
    expect(kept).toBe(out.humanized_text);
    await page.getByRole('tab', { name: 'Rewrite' }).click();
  }
});
