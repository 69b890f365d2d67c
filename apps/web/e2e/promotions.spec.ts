import { expect, test } from '@playwright/test';
import { signUpAndConfirm } from './support';

test('today: no summer sale; the back-to-school button opens its dialog and Go to Pricing redeems it', async ({ page, request }) => {
  await signUpAndConfirm(page, request);
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Open the back-to-school sale' });
  await expect(button).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open the summer sale' })).toHaveCount(0);

  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('promo-code')).toHaveText('BACK2SCHOOL40');
  await expect(dialog.getByTestId('countdown-days')).toHaveText(/^0[12]$/);
  await dialog.getByRole('button', { name: 'Go to Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(button).toHaveCount(0);
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('back_to_school_')));
  expect(keys.some((k) => k.startsWith('back_to_school_start_'))).toBe(true);
  expect(keys.some((k) => k.startsWith('back_to_school_redeemed_'))).toBe(true);
});

test('during the summer sale (browser clock on 2025-08-01) the dialog opens once per tab session', async ({ page, request }) => {
  await signUpAndConfirm(page, request);
  await page.clock.install({ time: new Date('2025-08-01T12:00:00Z') });
  await page.goto('/');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('promo-code')).toHaveText('SUMMEROFF50', { timeout: 15_000 });
  await expect(dialog.getByTestId('countdown-days')).toHaveText('09');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const floating = page.getByRole('button', { name: 'Open the summer sale' });
  await expect(floating).toBeVisible();

  await page.reload();
  await expect(floating).toBeVisible();
  await page.clock.runFor(3_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await floating.click();
  await expect(page.getByRole('dialog').getByTestId('promo-code')).toHaveText('SUMMEROFF50');
});
