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
