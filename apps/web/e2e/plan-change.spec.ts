import { expect, test } from '@playwright/test';
import { signUpAndConfirm } from './support';

test('a subscriber sees "Your plan" on pricing and changes plan through a confirmation with the proration', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout/);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/profile/);

  await page.goto('/pricing');
  const pro = page.getByTestId('plan-Pro');
  await expect(pro.getByRole('button', { name: 'Your plan' })).toBeDisabled();
  await expect(page.getByTestId('plan-Basic').getByRole('button', { name: 'Downgrade to Basic' })).toHaveText(
    'Downgrade',
  );
  // A plan change is prorated at full prices: the promotion for new subscriptions is not shown.
  await expect(page.getByTestId('promo-applied')).toHaveCount(0);
  await expect(page.getByTestId('plan-Ultra').getByTestId('price')).toHaveText('$39.99');
  const upgrade = page.getByTestId('plan-Ultra').getByRole('button', { name: 'Upgrade to Ultra' });
  await expect(upgrade).toHaveText('Upgrade');
  await page.screenshot({ path: test.info().outputPath('pricing-subscriber-desktop.png'), fullPage: true });

  await upgrade.click();
  const dialog = page.getByTestId('plan-change-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('proration')).toContainText('Credit for the unused part of Pro');
  await expect(dialog.getByTestId('due-now')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(dialog).toContainText('$39.99 a month from');
  await page.screenshot({ path: test.info().outputPath('plan-change-dialog.png') });
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('plan-Ultra').getByRole('button', { name: 'Your plan' })).toBeDisabled();
  await expect(page.getByTestId('plan-Pro').getByRole('button', { name: 'Downgrade to Pro' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('pricing-subscriber-phone.png'), fullPage: true });
});
