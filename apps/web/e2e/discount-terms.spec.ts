import { expect, test } from '@playwright/test';
import { signUpAndConfirm } from './support';

// Decision 0027: a code takes its percentage off the first payment; the plan renews at its full price.
const TERMS = '$11.99 for the first month, then $19.99 a month';

test('a discount is said the same way on pricing, at checkout, on the profile and in the billing portal', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  await page.goto('/pricing');
  const pro = page.getByTestId('plan-Pro');
  await expect(pro.getByTestId('billing-terms')).toContainText(TERMS);

  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout/);
  await expect(page.getByTestId('price-terms')).toHaveText(TERMS);
  await page.getByRole('button', { name: 'Pay $11.99' }).click();

  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByTestId('subscription-promotion')).toHaveText(`${TERMS} (BACK2SCHOOL40)`);

  // The portal opens in a tab of its own.
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Manage Plan' }).click();
  const portal = await opened;
  await expect(portal).toHaveURL(/\/sandbox\/portal/);
  await expect(portal.getByTestId('price-terms')).toContainText(`${TERMS} (BACK2SCHOOL40)`);
});
