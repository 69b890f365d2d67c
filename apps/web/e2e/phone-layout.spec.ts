import { expect, test } from '@playwright/test';
import { sampleText } from './support';

test('on a phone the AI check’s text and reasons grow with the page: no fixed-height box scrolls inside it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ai-check');
  await page.getByRole('textbox', { name: 'Text to check' }).fill(`${sampleText(400)}.`);
  await page.getByRole('button', { name: 'Check text' }).click();
  const text = page.getByTestId('ai-check-text');
  await expect(text).toBeVisible();
  for (const box of [text, page.getByTestId('ai-check-reasons')]) {
    const { scroll, client, overflow } = await box.evaluate((el) => ({
      scroll: el.scrollHeight,
      client: el.clientHeight,
      overflow: getComputedStyle(el).overflowY,
    }));
    expect(overflow).toBe('visible');
    expect(scroll).toBeLessThanOrEqual(client + 1);
  }
  await page.screenshot({ path: test.info().outputPath('ai-check-phone.png'), fullPage: true });
});

test('on a narrow phone the tone and reading level pickers stay inside the home card', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/');
  const card = page.getByTestId('humanizer-card');
  await expect(card).toBeVisible();
  const edge = await card.evaluate((el) => el.getBoundingClientRect().right);
  const selects = page.getByTestId('writing-options').locator('select');
  await expect(selects).toHaveCount(2);
  for (const select of await selects.all()) {
    const right = await select.evaluate((el) => el.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(edge);
  }
});
