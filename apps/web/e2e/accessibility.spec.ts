import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, openAuthDialog, sampleText, signUpAndConfirm, uniqueEmail } from './support';

// axe-core's checks for WCAG 2.1 A and AA and its best practices, and no sideways scrolling, on every screen a
// user reaches, on a desktop, two phones and in dark mode. The page's Content-Security-Policy forbids the
// injected script, so these contexts bypass it (the CSP itself has its own tests).
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const RULE_SETS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
// The e2e server lists this address in ADMIN_EMAILS.
const ADMIN = 'admin@example.com';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The rule violations axe finds on the page as it is now, each with up to three of its elements. */
async function violations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[]; failureSummary?: string }[];
      }[];
    }
    const res = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return res.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    }));
  }, RULE_SETS);
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Reflow (WCAG 1.4.10): nothing scrolls sideways, down to a 320 px phone. Wide tables scroll in their own box.
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(width);
  const found = await violations(page);
  expect(
    found,
    `${screen}:\n${found.map((v) => `${v.impact} ${v.id} (${v.help})\n  ${v.nodes.join('\n  ')}`).join('\n')}`,
  ).toEqual([]);
}

/** A page once its figures have loaded (some load after the first paint). */
async function expectPageAccessible(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, path);
}

test.describe.configure({ mode: 'serial' });

for (const [name, viewport, colorScheme] of [
  ['desktop', { width: 1280, height: 900 }, 'light'],
  ['phone', { width: 390, height: 844 }, 'light'],
  ['320 px phone', { width: 320, height: 640 }, 'light'],
  ['desktop in dark mode', { width: 1280, height: 900 }, 'dark'],
] as const) {
  test(`every screen passes the WCAG 2.1 AA checks on a ${name}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport, colorScheme, bypassCSP: true });
    const page = await context.newPage();

    for (const path of ['/', '/pricing', '/ai-check', '/terms', '/privacy', '/ethical-usage', '/no-such-page'])
      await expectPageAccessible(page, path);
    await page.goto('/');
    await openAuthDialog(page);
    await expectAccessible(page, 'the sign-up dialog');

    // A new member: a result (with its toast), the word counter's warning, an AI check, history and profile.
    await signUpAndConfirm(page, page.request, uniqueEmail('a11y'));
    await page.goto('/');
    const draft = page.getByRole('textbox', { name: 'Your text' });
    await draft.fill(sampleText(80));
    await page.getByRole('button', { name: 'Humanize', exact: true }).click();
    await expect(page.getByTestId('engine-badge')).toBeVisible({ timeout: 60_000 });
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    // Once it has faded in: half-way through, its colours are blended with the page's.
    await expect(toast).toHaveCSS('opacity', '1');
    await expectAccessible(page, 'a result on the home page');
    // Near the free plan's 250 words a request: the counter warns.
    // The result's toast is closed first: while it fades out (or moves to a free stretch as the page changes under
    // it) its colours are blended with the page's.
    for (const close of await page.locator('[data-sonner-toast] [data-close-button]').all())
      await close.click().catch(() => undefined);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await draft.fill(sampleText(230));
    await expect(page.getByTestId('word-counter')).toHaveAttribute('data-warning', 'true');
    await expectAccessible(page, 'the word counter warning');

    await page.goto('/ai-check');
    await page.getByRole('textbox', { name: 'Text to check' }).fill(sampleText(80));
    await page.getByRole('button', { name: 'Check text' }).click();
    await expect(page.getByTestId('ai-check-result')).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'an AI check result');
    for (const path of ['/history', '/profile']) await expectPageAccessible(page, path);

    // The admin's pages, in a session of its own.
    const admin = await context.browser()!.newContext({ viewport, colorScheme, bypassCSP: true });
    const adminPage = await admin.newPage();
    await adminPage.goto('/');
    const signedIn = await adminPage.request.post('/api/auth/sign-in/email', {
      data: { email: ADMIN, password: PASSWORD },
    });
    if (!signedIn.ok()) await signUpAndConfirm(adminPage, adminPage.request, ADMIN);
    for (const path of ['/admin', '/admin/engine', '/webhook-test', '/auth-test', '/subscription-test'])
      await expectPageAccessible(adminPage, path);
    await admin.close();
    await context.close();
  });
}
