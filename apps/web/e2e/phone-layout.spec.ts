import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, sampleText, signUpAndConfirm } from './support';

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

/** Rewrites through the product's API with the page's session (the e2e server has rate limits off). */
async function humanizeOnce(page: Page) {
  const r = await page.request.post('/api/functions/humanize-text', {
    data: { text: sampleText(60), mode: 'lightning' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(r.status()).toBe(200);
}

test('on a phone the history’s filter and view switches sit in clean rows, each switch whole', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  await humanizeOnce(page);
  for (const width of [390, 360, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/history');
    await expect(page.getByTestId('history-card').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`history-switches-${width}.png`) });
    const filter = page.getByRole('radiogroup', { name: 'Show entries of' });
    const view = page.getByRole('radiogroup', { name: 'View' });
    const search = page.getByRole('searchbox', { name: 'Search your history' });
    const [f, v, s] = [(await filter.boundingBox())!, (await view.boundingBox())!, (await search.boundingBox())!];
    if (Math.abs(f.y - v.y) < 1) {
      // One row: side by side, inside the page.
      expect(f.x + f.width).toBeLessThanOrEqual(v.x);
      expect(v.x + v.width).toBeLessThanOrEqual(s.x + s.width + 0.5);
    } else {
      // Two rows: each switch spans the search box's width, so the rows line up on both edges.
      for (const b of [f, v]) {
        expect(Math.abs(b.x - s.x)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(b.x + b.width - (s.x + s.width))).toBeLessThanOrEqual(0.5);
      }
    }
    // Every choice on one line, all the same height.
    const heights = await page
      .getByRole('radio')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    expect(heights).toHaveLength(5);
    expect(new Set(heights).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test('on a phone, signed in, the header shows the spec’s links: Pricing, Contact, Get more words, History, Profile, down to 320 px', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  for (const width of [390, 360, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/ai-check');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Get more words' })).toBeVisible();
    await header.screenshot({ path: test.info().outputPath(`header-signed-in-${width}.png`) });
    const boxes = [];
    for (const name of ['AI check', 'Pricing', 'Contact', 'Get more words', 'History', 'Profile']) {
      const link = header.getByRole('link', { name, exact: true });
      await expect(link, `${name} at ${width} px`).toBeVisible();
      await expect(link).toContainText(name);
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      boxes.push({ name, ...box });
    }
    await expect(header.getByRole('link', { name: 'Pricing', exact: true })).toHaveAttribute('href', '/pricing');
    // One row, left to right, none overlapping the next.
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
    const logo = (await header.getByRole('link', { name: 'Plainspoken' }).boundingBox())!;
    expect(logo.x + logo.width).toBeLessThanOrEqual(boxes[0]!.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test('on a phone the engine page’s wide tables say they scroll sideways, and scroll from the keyboard', async ({
  page,
  request,
}) => {
  // The e2e server lists this address in ADMIN_EMAILS.
  await page.goto('/');
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'admin@example.com', password: PASSWORD },
  });
  if (res.ok()) await page.reload();
  else await signUpAndConfirm(page, request, 'admin@example.com');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/engine');
  await expect(page.getByRole('heading', { name: 'Engine', level: 1 })).toBeVisible();
  const tables = page.locator('main table');
  await expect(tables.first()).toBeVisible();
  const count = await tables.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < count; i++) {
    const table = tables.nth(i);
    // The table's box is a named region a keyboard user can move into…
    const region = table.locator('xpath=..');
    await expect(region).toHaveAttribute('role', 'region');
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region).toHaveAccessibleName(/.+ \(scrolls sideways\)$/);
    const before = await region.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      left: el.scrollLeft,
    }));
    expect(before.scroll).toBeGreaterThan(before.client);
    expect(before.left).toBe(0);
    // …with a visible cue beside it (nothing laid over the figures)…
    const hint = page.getByTestId('scroll-hint').nth(i);
    await expect(hint).toBeVisible();
    await expect(hint).toHaveText(/Scroll sideways/);
    const [h, r] = [(await hint.boundingBox())!, (await region.boundingBox())!];
    expect(h.y + h.height <= r.y + 0.5 || h.y >= r.y + r.height - 0.5).toBe(true);
    await region.locator('xpath=..').screenshot({ path: test.info().outputPath(`engine-table-${i}.png`) });
    // …and the arrow keys scroll it.
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    if (i === 1)
      await region.locator('xpath=..').screenshot({ path: test.info().outputPath('engine-table-scrolled.png') });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBe(0);
  }
  await page.screenshot({ path: test.info().outputPath('admin-engine-390.png'), fullPage: true });

  // Where the tables fit, no cue and no tab stop.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByTestId('scroll-hint')).toHaveCount(count);
  for (const hint of await page.getByTestId('scroll-hint').all()) await expect(hint).toBeHidden();
  for (const table of await tables.all()) await expect(table.locator('xpath=..')).not.toHaveAttribute('tabindex');
  await page.screenshot({ path: test.info().outputPath('admin-engine-1366.png'), fullPage: true });
});
