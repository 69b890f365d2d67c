/**
 * Pages that were hard to use on a long history or a phone: the history's compact view, mode filter and "Open in
 * editor"; a new API key scrolled into view with its copy button focused and no toast over it; the API reference's
 * own controls only, a way back and readable tables; a way back from the admin test pages; readable chart figures,
 * a header with visible words and an engine table that stays in its box at 390 px; accessible names that start
 * with the visible words.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD, sampleText, signUpAndConfirm } from './support';

const shots = process.env.E2E_SCREENSHOTS;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
// The e2e server lists this address in ADMIN_EMAILS.
const ADMIN = 'admin@example.com';

/**
 * Waits two frames (anything just rendered is drawn), then for every finite, playing animation or transition
 * to end, 3 s at most (a paused one never ends; the slides this waits for take well under a second).
 */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const running = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(running.map((a) => a.finished.catch(() => undefined))),
      new Promise((r) => setTimeout(r, 3_000)),
    ]);
  });
}

async function asAdmin(page: Page, request: APIRequestContext): Promise<void> {
  await page.goto('/');
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email: ADMIN, password: PASSWORD } });
  if (res.ok()) {
    await page.reload();
    return;
  }
  await signUpAndConfirm(page, request, ADMIN);
}

async function humanize(page: Page, data: Record<string, unknown>): Promise<void> {
  const r = await page.request.post('/api/functions/humanize-text', {
    data,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(r.status(), await r.text()).toBe(200);
}

/** How many lines a block's text takes, from its height and line height. */
async function lines(el: Locator): Promise<number> {
  return el.evaluate((e) => {
    const cs = getComputedStyle(e);
    const inner = e.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    return Math.round(inner / parseFloat(cs.lineHeight));
  });
}

/** Every link and button in `scope` whose accessible name does not start with its visible words. */
async function namesNotStartingWithText(scope: Locator): Promise<string[]> {
  const bad: string[] = [];
  for (const el of await scope.locator('a, button').all()) {
    if (!(await el.isVisible())) continue;
    const text = (await el.innerText()).replace(/\s+/g, ' ').trim();
    const label = await el.evaluate((e) => e.getAttribute('aria-label'));
    if (!text) bad.push(`no visible words: ${label ?? (await el.evaluate((e) => e.outerHTML.slice(0, 80)))}`);
    else if (label !== null && !label.toLowerCase().startsWith(text.toLowerCase())) bad.push(`"${text}" is "${label}"`);
  }
  return bad;
}

test('history: compact entries opened on demand, a mode filter kept in the address, and Open in editor', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  // Three entries on the Free plan's 250 words: a long Lightning one, a Deep one with a tone, a short Lightning one.
  const long = sampleText(120);
  const deep = `${sampleText(55)} Harbour lights.`;
  await humanize(page, { text: long, mode: 'lightning' });
  await humanize(page, { text: deep, mode: 'deep', tone: 'casual' });
  await humanize(page, { text: sampleText(52), mode: 'lightning' });

  await page.setViewportSize(DESKTOP);
  await page.goto('/history');
  const cards = page.getByTestId('history-card');
  await expect(cards).toHaveCount(3);
  const longCard = cards.nth(2);
  await expect(longCard).toHaveAttribute('data-view', 'compact');
  // Compact: the whole text is there, shown in two lines; "Show full text" opens the entry in place.
  const original = longCard.getByTestId('history-original');
  await expect(original).toHaveText(long);
  expect(await lines(original)).toBe(2);
  const compactHeight = (await longCard.boundingBox())!.height;
  console.log(`compact entry at 1366 px: ${Math.round(compactHeight)} px high`);
  // Its details (the downloads) show once it is opened.
  await expect(longCard.getByTestId('history-download-tracked')).toHaveCount(0);
  await expect(longCard.getByTestId('download-button')).toHaveCount(0);
  const more = longCard.getByRole('button', { name: 'Show full text' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(longCard.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  expect(await lines(original)).toBeGreaterThan(4);
  await expect(longCard.getByTestId('history-download-tracked')).toBeVisible();
  await expect(longCard.getByTestId('download-button')).toBeVisible();
  await longCard.getByRole('button', { name: 'Show less' }).click();
  expect(await lines(original)).toBe(2);
  if (shots) await page.screenshot({ path: `${shots}/history-compact-1366.png`, fullPage: true });

  // The full view prints both texts whole, and stays after a reload.
  const view = page.getByRole('radiogroup', { name: 'View' });
  await view.getByRole('radio', { name: 'Full text' }).click();
  await expect(page).toHaveURL(/[?&]view=full/);
  await page.reload();
  await expect(longCard).toHaveAttribute('data-view', 'full');
  await expect(longCard.getByRole('button', { name: 'Show full text' })).toHaveCount(0);
  const fullHeight = (await longCard.boundingBox())!.height;
  console.log(`the same entry in full: ${Math.round(fullHeight)} px high`);
  expect(fullHeight).toBeGreaterThan(compactHeight * 1.5);
  await view.getByRole('radio', { name: 'Compact' }).click();
  await expect(page).not.toHaveURL(/view=/);

  // The mode filter: in the address, kept on reload, back to every entry with All.
  const filter = page.getByRole('radiogroup', { name: 'Show entries of' });
  await expect(filter.getByRole('radio', { name: 'All' })).toHaveAttribute('aria-checked', 'true');
  await filter.getByRole('radio', { name: 'Deep' }).click();
  await expect(page).toHaveURL(/\/history\?mode=deep$/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId('history-mode')).toHaveText('Deep Humanize');
  await page.reload();
  await expect(filter.getByRole('radio', { name: 'Deep' })).toHaveAttribute('aria-checked', 'true');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId('history-original')).toHaveText(deep);
  await filter.getByRole('radio', { name: 'Lightning' }).click();
  await expect(page).toHaveURL(/\?mode=lightning$/);
  await expect(cards).toHaveCount(2);
  await expect(cards.getByTestId('history-mode')).toHaveText(['Lightning', 'Lightning']);
  // A search inside a filter that finds nothing says so.
  await page.getByRole('searchbox', { name: 'Search your history' }).fill('harbour lights');
  await expect(page.getByText('Nothing matches your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).first().click();
  await filter.getByRole('radio', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(cards).toHaveCount(3);

  // Phone: a compact entry shows two lines of its result; the original once opened.
  await page.setViewportSize(PHONE);
  await expect(longCard).toHaveAttribute('data-view', 'compact');
  await expect(original).toBeHidden();
  expect(await lines(longCard.getByTestId('history-result'))).toBe(2);
  console.log(`compact entry at 390 px: ${Math.round((await longCard.boundingBox())!.height)} px high`);
  await longCard.getByRole('button', { name: 'Show full text' }).click();
  await expect(original).toBeVisible();
  console.log(`opened at 390 px: ${Math.round((await longCard.boundingBox())!.height)} px high`);
  await longCard.getByRole('button', { name: 'Show less' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  if (shots) await page.screenshot({ path: `${shots}/history-compact-390.png`, fullPage: true });

  // Open in editor: the home card with the entry's text, its mode and its options.
  await page.setViewportSize(DESKTOP);
  await filter.getByRole('radio', { name: 'Deep' }).click();
  await expect(cards).toHaveCount(1);
  await cards.first().getByRole('link', { name: 'Open in editor' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('textbox', { name: 'Your text' })).toHaveValue(deep);
  await expect(page.getByRole('radio', { name: /Deep Humanize/ })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Tone')).toHaveValue('casual');
});

test('a new API key is scrolled into view with its copy button focused, and no toast covers it', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signUpAndConfirm(page, request);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await page.waitForURL(/\/sandbox\/checkout\?session=/);
  await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
  await page.waitForURL(/\/profile/);

  for (const [size, name] of [
    [PHONE, 'Phone key'],
    [DESKTOP, 'Desktop key'],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto('/profile');
    const card = page.getByTestId('api-keys-card');
    await card.getByLabel('Key name').fill(name);
    await card.getByRole('button', { name: 'Create key' }).click();
    const fresh = card.getByTestId('new-api-key');
    await expect(fresh).toContainText(name);
    await expect(fresh).toBeInViewport({ ratio: 1 });
    const copy = fresh.getByRole('button', { name: 'Copy key' });
    await expect(copy).toBeFocused();
    // Enter on the focused button copies; the button says so, and no toast shows over the box.
    await page.keyboard.press('Enter');
    await expect(fresh.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await fresh.getByLabel('New API key').inputValue(),
    );
    // Any toast the copy raised has been drawn and has finished sliding in.
    await animationsDone(page);
    const box = (await fresh.boundingBox())!;
    for (const toast of await page.locator('[data-sonner-toast]').all()) {
      const t = await toast.boundingBox();
      if (!t) continue;
      const overlaps =
        t.x < box.x + box.width && box.x < t.x + t.width && t.y < box.y + box.height && box.y < t.y + t.height;
      expect(overlaps, `a toast covers the new key: ${await toast.innerText()}`).toBe(false);
    }
    if (shots) await page.screenshot({ path: `${shots}/api-key-new-${size.width}.png` });
    await fresh.getByRole('button', { name: 'Done' }).click();
  }
  await expect(page.getByTestId('api-key')).toHaveCount(2);
});

test('the API reference: only its own controls, no console message, a way back to the app, a favicon, one-line statuses', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(e.message));
  // Watched from the first node on: the vendor's AI chat and MCP generator never show, not even for a moment.
  // (The reference's own title is watched too, to show the watch sees what the reference draws.)
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { vendorSeen: string[] }).vendorSeen = seen;
    const check = (n: Node) => {
      if (n.parentElement?.closest('head, script, style')) return;
      if (n instanceof Element && n.matches('head, script, style')) return;
      for (const m of (n.textContent ?? '').matchAll(/Ask AI|Generate MCP|Plainspoken API/g)) seen.push(m[0]);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') check(r.target);
        else r.addedNodes.forEach(check);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const vendorSeen = () => page.evaluate(() => (window as unknown as { vendorSeen: string[] }).vendorSeen);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/docs/api');
    const vendor = page.getByText(/Ask AI|Generate MCP/);
    await expect(page.getByRole('heading', { name: 'Plainspoken API', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(vendor).toHaveCount(0);
    // One reference on the page (the bundle mounts a second, empty one on an element named "api-reference").
    await expect(page.getByRole('heading', { name: 'Plainspoken API', level: 1 })).toHaveCount(1);

    // The status column: each code on one line.
    for (const status of ['400', '422', '502, 503']) {
      const cell = page.getByRole('cell', { name: status, exact: true }).first();
      await cell.scrollIntoViewIfNeeded();
      const rows = await cell.evaluate((td) => {
        const r = document.createRange();
        r.selectNodeContents(td);
        return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
      });
      expect(rows, `status ${status} at ${size.width} px`).toBe(1);
    }
    if (shots) await page.screenshot({ path: `${shots}/docs-api-status-${size.width}.png` });
    const seen = await vendorSeen();
    expect(seen, 'the watch saw the reference drawn').toContain('Plainspoken API');
    expect(
      seen.filter((x) => x !== 'Plainspoken API'),
      `the vendor's controls at ${size.width} px`,
    ).toEqual([]);
  }
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute('href', '/favicon.svg');
  expect((await page.request.get('/favicon.svg')).ok()).toBe(true);
  const back = page.getByRole('link', { name: /Plainspoken/ }).first();
  await expect(back).toBeInViewport();
  await back.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('textbox', { name: 'Your text' })).toBeVisible();
  expect(messages).toEqual([]);
});

test('each admin test page links back to the admin overview', async ({ page, request }) => {
  await asAdmin(page, request);
  for (const [path, heading] of [
    ['/webhook-test', 'Webhook diagnostics'],
    ['/auth-test', 'Authentication debug'],
    ['/subscription-test', 'Subscription test'],
    ['/admin/engine', 'Engine'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Admin overview' }).first().click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin overview', level: 1 })).toBeVisible();
  }
});

test('phone: readable chart figures, a header with visible words, the engine tables in their own box', async ({
  page,
  request,
}) => {
  await asAdmin(page, request);
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/profile');
    const chart = page.getByRole('img', { name: /^Words used per day/ });
    await expect(chart).toBeVisible();
    // Each axis figure's size on screen: its font size times the drawing's scale.
    const sizes = await chart.evaluate((svg) => {
      const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
      return [...svg.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')) * scale);
    });
    expect(sizes.length).toBeGreaterThan(3);
    for (const s of sizes) expect(s).toBeGreaterThanOrEqual(11);
    if (shots) await chart.screenshot({ path: `${shots}/usage-chart-${width}.png` });

    // The header: every link shows its words, is named by them, and fits. Signed in, the spec's links are all there
    // on a phone: Pricing beside Get more words (both to the plans).
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Get more words' })).toHaveAttribute('href', '/pricing');
    await expect(header.getByRole('link', { name: 'Pricing', exact: true })).toHaveAttribute('href', '/pricing');
    for (const name of ['AI check', 'Pricing', 'Contact', 'History', 'Profile', 'Get more words']) {
      const link = header.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toContainText(name);
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    expect(await namesNotStartingWithText(header)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (shots) await header.screenshot({ path: `${shots}/header-${width}.png` });

    await page.goto('/admin/engine');
    await expect(page.getByRole('heading', { name: 'Engine', level: 1 })).toBeVisible();
    await expect(page.locator('table').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const table of await page.locator('table').all()) {
      const box = await table.evaluate((t) => {
        const r = t.parentElement!.getBoundingClientRect();
        return { left: r.left, right: r.right, overflow: getComputedStyle(t.parentElement!).overflowX };
      });
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
      expect(box.overflow).toBe('auto');
    }
    if (shots) await page.screenshot({ path: `${shots}/admin-engine-${width}.png`, fullPage: true });
  }
});

test('accessible names start with the visible words: Set name, the sale tab, the header', async ({ page, request }) => {
  await signUpAndConfirm(page, request);
  await page.goto('/profile');
  const setName = page.getByRole('button', { name: /^Set name/ });
  await expect(setName).toBeVisible();
  await expect(setName).toHaveAccessibleName(/^Set name/);
  expect(await namesNotStartingWithText(page.getByTestId('account-card'))).toEqual([]);
  // The back-to-school tab shows from the pricing page on.
  await page.goto('/pricing');
  const sale = page.getByTestId('back-to-school-button');
  await expect(sale).toBeVisible();
  const words = (await sale.innerText()).replace(/\s+/g, ' ').trim();
  expect(words).toContain('40% off');
  await expect(sale).toHaveAccessibleName(new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    expect(await namesNotStartingWithText(page.getByRole('banner'))).toEqual([]);
  }
});
