import { expect, test } from '@playwright/test';
import { sampleText } from './support';

interface Sentence {
  start: number;
  end: number;
  score: number;
  flagged: boolean;
  reasons: string[];
}
interface CheckOutput {
  score: number;
  flagged: boolean;
  words: number;
  word_limit: number;
  sentences: Sentence[];
  verdict: 'ai' | 'mixed' | 'human' | 'unclear';
  composition: { ai: number; mixed: number; human: number };
  caution: string | null;
  detectors: unknown[];
}

const TEXT = `${sampleText(70)}.\n\nThe plan costs $19.99 and grew 3.5% (see https://example.com/docs/v2.1).\n- Node.js v2.1.0 is required\n- write to jane.doe@example.com`;

test('a signed-out visitor checks a text and sees the score, the exact text with highlights, and reasons', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'AI check' }).click();
  await expect(page).toHaveURL('/ai-check');
  await expect(page.getByRole('heading', { level: 1, name: 'AI check' })).toBeVisible();
  await expect(page.getByText(/own estimate, not another detector's verdict/).first()).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Text to check' });
  await box.fill(TEXT);
  await expect(page.getByTestId('word-counter')).toHaveText(/ \/ 500 words/);
  const response = page.waitForResponse((r) => r.url().endsWith('/api/ai-check') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Check text' }).click();
  const res = await response;
  expect(res.status()).toBe(200);
  const out = (await res.json()) as CheckOutput;

  const result = page.getByTestId('ai-check-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('ai-check-score')).toContainText(`${out.score}%`);
  // The verdict and the share of the text in each class, as the server decided them; no outside detector
  // is configured, so only our score shows.
  const verdictTitle = {
    ai: 'Reads as machine-written',
    mixed: 'Mixed: part of it',
    human: 'Reads as human-written',
    unclear: 'Hard to judge',
  };
  await expect(page.getByTestId('ai-check-verdict')).toContainText(verdictTitle[out.verdict]);
  await expect(page.getByTestId('ai-check-composition')).toContainText(
    `Reads as machine-written: ${out.composition.ai}%`,
  );
  expect(out.composition.ai + out.composition.mixed + out.composition.human).toBe(100);
  expect(out.detectors).toEqual([]);
  await expect(page.getByTestId('outside-scorecard')).toHaveCount(0);
  const shown = page.getByTestId('ai-check-text');
  expect(await shown.textContent()).toBe(TEXT);

  const highlighted = out.sentences.filter((s) => s.flagged || s.score >= 30);
  expect(highlighted.length, 'the AI-style sample has sentences to highlight').toBeGreaterThan(0);
  await expect(shown.locator('mark')).toHaveCount(highlighted.length);
  const first = highlighted[0] as Sentence;
  await expect(shown.locator('mark').first()).toHaveText(TEXT.slice(first.start, first.end));

  // The reasons: listed beside the text, and on the sentence itself for keyboard users.
  const withReasons = highlighted.find((s) => s.reasons.length > 0);
  if (withReasons) {
    const reason = withReasons.reasons[0] as string;
    await expect(page.getByTestId('ai-check-reasons')).toContainText(reason.slice(1));
  }
  // Keyboard: Tab from the last control before the text reaches the first highlight and shows its reasons.
  await page.getByRole('button', { name: 'Humanize this text' }).focus();
  await page.keyboard.press('Tab');
  await expect(shown.locator('mark').first()).toBeFocused();
  await expect(page.getByRole('tooltip')).toContainText(`${first.score}% AI-likeness`);
});

test('a 600-word text signed out shows the limit and offers sign-in; the server says the same', async ({ page }) => {
  await page.goto('/ai-check');
  const text = sampleText(600);
  await page.getByRole('textbox', { name: 'Text to check' }).fill(text);
  await expect(page.getByTestId('word-counter')).toHaveText(/600 \/ 500 words/);
  const message = 'Checks without an account are limited to 500 words. Sign in to check longer texts.';
  await expect(page.getByTestId('ai-check-error').getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check text' })).toBeDisabled();
  await page.getByTestId('ai-check-error').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  const res = await page.request.post('/api/ai-check', { data: { text } });
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({ error: { code: 'WORD_LIMIT_EXCEEDED', message } });
});

test('"Humanize this text" carries the checked text to the home card', async ({ page }) => {
  await page.goto('/ai-check');
  await page.getByRole('textbox', { name: 'Text to check' }).fill(TEXT);
  await page.getByRole('button', { name: 'Check text' }).click();
  await page.getByRole('button', { name: 'Humanize this text' }).click();
  await expect(page).toHaveURL('/');
  const input = page.getByRole('textbox', { name: 'Your text' });
  await expect(input).toHaveValue(TEXT);
  await expect(input).toBeFocused();
  await expect(page.getByRole('button', { name: 'Humanize', exact: true })).toBeEnabled();
  // Nothing ran: the user still presses Humanize.
  await expect(page.getByTestId('result-panel')).toHaveCount(0);
});

// Everyday writing (issue 57), written for this test: a stock cover letter and a short casual email.
const COVER_LETTER = `Dear Hiring Manager,

I am writing to express my strong interest in the Marketing Coordinator position at Brightline Solutions. With a solid background in digital marketing and a passion for creating engaging content, I am confident that I would be a valuable addition to your team.

In my previous role at Harbor Creative, I successfully managed social media campaigns that increased engagement by 35%. I collaborated closely with cross-functional teams to develop innovative strategies that aligned with the company's goals. My strong communication skills and attention to detail have enabled me to consistently deliver high-quality results in fast-paced environments.

I am particularly drawn to Brightline Solutions because of your commitment to innovation and customer satisfaction. I am excited about the opportunity to contribute my skills and experience to help drive your marketing initiatives forward.

Thank you for considering my application. I look forward to the opportunity to discuss how my qualifications align with your needs.

Sincerely,
Jordan Ellis`;
const PROMISE = "I'll bring it Thursday, promise.";
const SHORT_EMAIL = `Hey Sam,

Sorry I missed your call, the kids had a dentist thing that ran long. Yes we're still on for Saturday. Can you grab more cups? We ran out last time and Dave drank out of a mug. My mom wants to come for an hour or so, hope that's ok. I still owe you the folding chairs. ${PROMISE}

See you then,
Kim`;

async function checkOnPage(page: import('@playwright/test').Page, text: string): Promise<CheckOutput> {
  await page.goto('/ai-check');
  await page.getByRole('textbox', { name: 'Text to check' }).fill(text);
  const response = page.waitForResponse((r) => r.url().endsWith('/api/ai-check') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Check text' }).click();
  const res = await response;
  expect(res.status()).toBe(200);
  await expect(page.getByTestId('ai-check-result')).toBeVisible();
  return (await res.json()) as CheckOutput;
}

/** The figures the line under the verdict names are the composition's, and the highlights match the figures. */
async function expectWordingAgrees(page: import('@playwright/test').Page, out: CheckOutput) {
  const detail = (await page.getByTestId('ai-check-verdict-detail').textContent()) ?? '';
  const shares = [out.composition.ai, out.composition.mixed, out.composition.human];
  for (const m of detail.matchAll(/(\d+)%/g)) expect(shares).toContain(Number(m[1]));
  const flagged = out.sentences.filter((s) => s.flagged).length;
  await expect(page.getByTestId('ai-check-text').locator('mark[data-level="high"]')).toHaveCount(flagged);
  expect(out.composition.ai > 0).toBe(flagged > 0);
  if (out.verdict === 'mixed') expect(out.composition.human).toBeGreaterThanOrEqual(20);
}

test('a stock cover letter reads as machine-written, with wording that agrees with its highlights', async ({
  page,
}) => {
  const out = await checkOnPage(page, COVER_LETTER);
  expect(out.verdict).toBe('ai');
  await expect(page.getByTestId('ai-check-verdict')).toHaveText('Reads as machine-written');
  await expectWordingAgrees(page, out);
  // Every highlighted sentence says what raised it; the wording reasons quote words of the sentence.
  for (const s of out.sentences.filter((x) => x.score >= 30)) {
    expect(s.reasons.length).toBeGreaterThan(0);
    for (const r of s.reasons)
      for (const q of r.matchAll(/“([^”]+)”/g)) expect(COVER_LETTER.slice(s.start, s.end)).toContain(q[1]);
  }
  if (out.caution) await expect(page.getByTestId('ai-check-caution')).toHaveText(out.caution);
  await page.screenshot({ path: test.info().outputPath('ai-check-cover-letter.png'), fullPage: true });
});

test('a short casual email is not accused, and the check says how sure it is for short emails', async ({ page }) => {
  const out = await checkOnPage(page, SHORT_EMAIL);
  expect(['human', 'unclear']).toContain(out.verdict);
  await expect(page.getByTestId('ai-check-verdict')).not.toContainText('machine-written');
  // Short emails are hard to judge while the detector's measured figures say so; otherwise the short-text line.
  expect(out.caution).toMatch(/^(?:Short emails are hard to judge|Under 80 words)/);
  const caution = out.verdict === 'unclear' ? 'ai-check-verdict-detail' : 'ai-check-caution';
  await expect(page.getByTestId(caution)).toContainText(out.caution!);
  await expectWordingAgrees(page, out);
  const promise = out.sentences.find((s) => SHORT_EMAIL.slice(s.start, s.end) === PROMISE)!;
  expect(promise.flagged).toBe(false);
  await page.screenshot({ path: test.info().outputPath('ai-check-short-email.png'), fullPage: true });
});
