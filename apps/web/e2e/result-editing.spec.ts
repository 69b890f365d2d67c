import { expect, test, type Page } from '@playwright/test';
import { sampleText, signUpAndConfirm } from './support';

test.use({ permissions: ['clipboard-read', 'clipboard-write'], hasTouch: true });

const KEPT = 'effective communication';

async function humanizeLightning(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Your text' }).fill(text);
  await page.getByRole('radio', { name: /Lightning Mode/ }).click();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Text humanized successfully!')).toBeVisible({ timeout: 30_000 });
}

async function balance(page: Page): Promise<number> {
  const t = (await page.getByTestId('balance').textContent()) ?? '';
  return Number(/([\d,]+) words left/.exec(t)?.[1]?.replace(/,/g, ''));
}

test('frozen phrases, editing the result in place, the tracked Word file and reopening from history', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  const text = sampleText(60);
  const input = page.getByRole('textbox', { name: 'Your text' });
  await input.fill(text);
  // "Keep as written" on a selection in the input.
  await input.evaluate((el: HTMLTextAreaElement, phrase) => {
    const at = el.value.indexOf(phrase);
    el.focus();
    el.setSelectionRange(at, at + phrase.length);
  }, KEPT);
  await page.getByTestId('keep-selection').click();
  await expect(page.getByTestId('keep-chip')).toHaveCount(1);
  await expect(page.getByTestId('keep-chip')).toContainText(KEPT);
  await expect(page.getByTestId('keep-chip')).toContainText('×1');

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/functions/humanize-text'));
  await humanizeLightning(page, text);
  expect(((await sent).postDataJSON() as { keep: string[] }).keep).toEqual([KEPT]);
  await expect(page.getByTestId('result-text')).toContainText(KEPT);

  // Edit in place, then Check again: saved, re-scored, marked as edited; copy holds the edit.
  const added = 'I checked every figure in this paragraph myself before sending it.';
  await page.getByTestId('edit-result').click();
  const editor = page.getByTestId('result-edit-text');
  const current = await editor.inputValue();
  await editor.fill(`${current} ${added}`);
  const words = await balance(page);
  await page.getByTestId('check-again').click();
  await expect(page.getByTestId('edited-badge')).toBeVisible();
  await expect(page.getByTestId('result-text')).toContainText(added);
  await expect(page.getByTestId('score-meter')).toContainText('%');
  expect(await balance(page)).toBe(words);
  await page.getByTestId('result-panel').getByRole('button', { name: /Copy/ }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(added);

  // The Word file with tracked changes, beside the plain downloads.
  const download = page.waitForEvent('download');
  await page.getByTestId('download-tracked').click();
  expect((await download).suggestedFilename()).toMatch(/-tracked\.docx$/);

  // History holds the edited text, marked; "Open in editor" brings back text, mode, options and frozen phrases.
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  const card = page.getByTestId('history-card').first();
  await expect(card).toContainText(added);
  await expect(card.getByTestId('history-edited')).toBeVisible();
  // Compact entries show their tracked-changes file once opened.
  await card.getByRole('button', { name: 'Show full text' }).click();
  await expect(card.getByTestId('history-download-tracked')).toHaveAttribute('href', /export\.docx\?changes=tracked$/);
  await card.getByTestId('history-open').click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('textbox', { name: 'Your text' })).toHaveValue(text);
  await expect(page.getByRole('radio', { name: /Lightning Mode/ })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('keep-chip')).toContainText(KEPT);
  await expect(page.getByTestId('result-text')).toContainText(added);
  await expect(page.getByTestId('edited-badge')).toBeVisible();
});

test('one sentence at a time: alternatives with scores, keyboard and touch, only that sentence charged', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  const text = sampleText(60);
  await humanizeLightning(page, text);

  // Put a machine-sounding sentence back at the start (an edit), so there is something to rewrite.
  const robotic = 'In today\u2019s fast-paced world, technology plays a pivotal role in shaping how we live and work.';
  await page.getByTestId('edit-result').click();
  const editor = page.getByTestId('result-edit-text');
  await editor.fill(`${robotic} ${await editor.inputValue()}`);
  await page.getByTestId('check-again').click();
  await expect(page.getByTestId('result-text')).toContainText(robotic);

  await page.getByTestId('sentences-tab').click();
  const sentences = page.getByTestId('sentence');
  await expect(sentences.first()).toBeVisible();
  // Touch: a tap picks a sentence, a second tap lets it go.
  await sentences.nth(1).tap();
  await expect(sentences.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await sentences.nth(1).tap();
  await expect(page.getByTestId('sentence-panel')).toHaveCount(0);
  // Keyboard: focus the first sentence and press Enter.
  await sentences.first().focus();
  await page.keyboard.press('Enter');
  await expect(sentences.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(sentences.first()).toContainText('plays a pivotal role');
  const panel = page.getByTestId('sentence-panel');
  // Before the click: the charge, made only if wording that scores lower is found (the light edit has some).
  await expect(panel).toContainText('words charged only if we find wording that reads as more human-written.');
  await expect(page.getByTestId('rewrite-sentence')).toBeVisible();
  const charged = Number(/(\d+) words charged only if/.exec((await panel.textContent()) ?? '')?.[1]);
  expect(charged).toBeGreaterThanOrEqual(15);
  expect(charged).toBeLessThanOrEqual(17);

  const before = await balance(page);
  await page.getByTestId('rewrite-sentence').click();
  const alternatives = page.getByTestId('alternative-text');
  await expect(alternatives.first()).toBeVisible({ timeout: 30_000 });
  const n = await alternatives.count();
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThanOrEqual(3);
  await expect(page.getByTestId('alternative-score')).toHaveCount(n);
  await expect(page.getByTestId('alternative-score').first()).toContainText('% AI-likeness');
  await expect(page.getByTestId('original-score')).toContainText(`${charged} words charged`);
  await expect.poll(() => balance(page)).toBe(before - charged);

  const chosen = (await alternatives.first().textContent()) ?? '';
  expect(chosen).not.toContain('plays a pivotal role');
  await page.getByTestId('use-alternative').first().click();
  await expect(page.getByTestId('sentence-panel')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Rewrite' }).click();
  await expect(page.getByTestId('result-text')).toContainText(chosen);
  await expect(page.getByTestId('result-text')).not.toContainText(robotic);

  // The history entry holds the chosen sentence.
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(page.getByTestId('history-card').first()).toContainText(chosen);
});
