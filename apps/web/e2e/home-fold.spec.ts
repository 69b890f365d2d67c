import { expect, test, type Page } from '@playwright/test';
import { signUpAndConfirm } from './support';

const SCREENS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Where the editor's text box starts on the page (its top, in CSS pixels from the top of the page). */
async function editorTop(page: Page): Promise<number> {
  const box = page.getByRole('textbox', { name: 'Your text' });
  await expect(box).toBeVisible();
  return box.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

test('a signed-in user lands on the editor, above the fold, on desktop and phone', async ({ page, request }) => {
  await signUpAndConfirm(page, request);
  for (const screen of SCREENS) {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Humanize a draft' })).toBeAttached();
    // The marketing hero is for visitors; a signed-in user is not sold the free words again.
    await expect(page.getByText('No credit card required')).toHaveCount(0);
    const top = await editorTop(page);
    await page.screenshot({ path: test.info().outputPath(`home-signed-in-${screen.name}.png`) });
    // The box starts on the first screen with its first lines (and the Paste button) in view, no scrolling.
    expect(top, `${screen.name}: the text box starts at ${top}px`).toBeLessThan(screen.height - 160);
  }
});

test('a visitor still gets the hero and the free-words offer first', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('No credit card required')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Humanize a draft' })).toHaveCount(0);
});
