import { expect, test, type Locator, type Page } from '@playwright/test';
import { sampleText } from './support';

/** The centre of a mark's first line box (a sentence can wrap over several lines). */
async function firstBoxCentre(mark: Locator): Promise<{ x: number; y: number }> {
  const r = await mark.evaluate((el) => {
    const b = el.getClientRects()[0]!;
    return { x: b.left + Math.min(b.width / 2, 40), y: b.top + b.height / 2 };
  });
  return r;
}

async function expectReasonsFor(page: Page, mark: Locator) {
  const score = await mark.getAttribute('data-score');
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveCount(1);
  await expect(tooltip).toContainText(`${score}% AI-likeness`);
  // The tooltip that is open belongs to this sentence (Radix points the trigger at its content while open).
  await expect(mark).toHaveAttribute('aria-describedby', /.+/);
}

test('the pointer moving from one highlighted sentence to the next shows the next one’s reasons, every time', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ai-check');
  await page.getByRole('textbox', { name: 'Text to check' }).fill(`${sampleText(120)}.`);
  await page.getByRole('button', { name: 'Check text' }).click();
  const marks = page.getByTestId('ai-check-text').locator('mark');
  await expect(marks.first()).toBeVisible();
  const n = await marks.count();
  expect(n, 'the sample has several highlighted sentences').toBeGreaterThan(3);

  await marks.first().scrollIntoViewIfNeeded();
  let at = await firstBoxCentre(marks.first());
  await page.mouse.move(at.x, at.y);
  await expectReasonsFor(page, marks.first());
  for (let i = 1; i < n; i++) {
    const next = marks.nth(i);
    await next.scrollIntoViewIfNeeded();
    const to = await firstBoxCentre(next);
    // Straight across, through whatever lies between (the open tooltip's path included).
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await expectReasonsFor(page, next);
    await expect(marks.nth(i - 1)).not.toHaveAttribute('aria-describedby', /.+/);
    at = to;
  }
  expect(at.y).toBeGreaterThan(0);
});
