import { expect, test } from '@playwright/test';
import { PROMOTIONS } from '@plainspoken/shared';
import { signUpAndConfirm } from './support';

test('today: no summer sale; the back-to-school code shows on pricing, applies at checkout and is redeemed only when paid', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Open the back-to-school sale' });
  await expect(button).toBeVisible();
  // Nothing to wait for: the check is that no sale opens by itself, which the summer sale would do
  // PROMOTIONS.summer.autoOpenDelayMs after the page; watch a little longer than that.
  await page.waitForTimeout(PROMOTIONS.summer.autoOpenDelayMs + 500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open the summer sale' })).toHaveCount(0);

  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('promo-code')).toHaveText('BACK2SCHOOL40');
  await expect(dialog.getByTestId('countdown-days')).toHaveText(/^0[12]$/);
  await dialog.getByRole('button', { name: 'Go to Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Going to pricing is not redeeming: the offer stays.
  await expect(button).toBeVisible();
  // The window is the account's, kept on the server (another browser counts down to the same end).
  const state = (await (await page.request.get('/api/promotions')).json()) as {
    backToSchool: { endsAt: string } | null;
  };
  expect(Date.parse(state.backToSchool?.endsAt ?? '') - Date.now()).toBeGreaterThan(47 * 3_600_000);
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('back_to_school_')));
  expect(keys.some((k) => k.startsWith('back_to_school_start_'))).toBe(false);
  expect(keys.some((k) => k.startsWith('back_to_school_redeemed_'))).toBe(false);

  // Pricing shows the discounted price: Pro monthly 19.99 x 0.6 = 11.99; annual 13.99 x 0.36 = 5.04.
  await expect(page.getByTestId('promo-applied')).toContainText('BACK2SCHOOL40');
  const pro = page.getByTestId('plan-Pro');
  await expect(pro.getByTestId('price')).toHaveText('$11.99');
  await expect(pro.getByTestId('full-price')).toContainText('$19.99');
  await page.getByRole('radio', { name: /Annual/ }).click();
  await expect(pro.getByTestId('price')).toHaveText('$5.04');
  await page.getByRole('radio', { name: /Monthly/ }).click();

  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout/);
  await expect(page.getByTestId('applied-code')).toHaveText('BACK2SCHOOL40 · 40% off');
  // A wrong code typed at checkout is refused with a reason and the full price.
  await page.getByLabel('Discount code').fill('WRONG1');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('"WRONG1" is not a valid code. Check the spelling and try again.');
  await expect(page.getByRole('button', { name: 'Pay $19.99' })).toBeVisible();
  await page.getByLabel('Discount code').fill('back2school40');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: 'Pay $11.99' }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByTestId('account-card')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Your text' })).toBeVisible();
  // The promotions load after the page: wait until they have read the server's redeemed codes.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('back_to_school_redeemed_'))))
    .toBe(true);
  await expect(button).toHaveCount(0);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Simple, transparent pricing' })).toBeVisible();
  await expect(page.getByTestId('promo-applied')).toHaveCount(0);
});

for (const width of [390, 768, 1024, 1280, 1366, 1920]) {
  test(`the back-to-school entry covers no content or control at ${width} px, and hides for the session`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await signUpAndConfirm(page, request);
    for (const path of ['/', '/profile', '/history', '/pricing']) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toBeVisible();
      const entry = page
        .locator('[data-testid="back-to-school-button"]:visible, [data-testid="back-to-school-button-strip"]:visible')
        .first();
      await expect(entry).toBeVisible();
      // Every control and text block in the page, at every scroll position a fixed entry passes.
      const covered = await page.evaluate(async () => {
        const entry = [
          ...document.querySelectorAll<HTMLElement>(
            '[data-testid="back-to-school-button"], [data-testid="back-to-school-button-strip"]',
          ),
        ].find((e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed');
        const box = entry?.closest('.fixed') ?? entry;
        if (!box) return ['no entry'];
        const hits: string[] = [];
        const targets = [
          ...document.querySelectorAll<HTMLElement>(
            'main :is(button, a, input, textarea, label, h1, h2, h3, p, li, [role=radio])',
          ),
        ];
        for (let y = 0; y < document.documentElement.scrollHeight; y += 300) {
          window.scrollTo(0, y);
          await new Promise((r) => requestAnimationFrame(() => r(null)));
          const a = box.getBoundingClientRect();
          for (const t of targets) {
            const b = t.getBoundingClientRect();
            if (b.width === 0 || b.height === 0 || getComputedStyle(t).visibility === 'hidden') continue;
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
              hits.push(`${y}: ${t.outerHTML.slice(0, 90)}`);
          }
        }
        window.scrollTo(0, 0);
        return hits;
      });
      expect(covered, path).toEqual([]);
    }
    await page
      .getByRole('button', { name: 'Hide: the back-to-school sale (for this session)' })
      .locator('visible=true')
      .click();
    await expect(page.getByRole('button', { name: 'Open the back-to-school sale' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open the back-to-school sale' })).toHaveCount(0);
  });
}

test('during the summer sale (browser clock on 2025-08-01) the dialog opens once per tab session', async ({
  page,
  request,
}) => {
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
