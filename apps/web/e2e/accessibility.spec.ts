import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, openAuthDialog, sampleText, signUpAndConfirm } from './support';

// axe-core's checks for WCAG 2.1 A and AA and its best practices, on every screen a user reaches, with a phone
// and a desktop viewport. The page's Content-Security-Policy forbids the injected script, so these contexts
// bypass it (the CSP itself has its own tests).
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
  const found = await violations(page);
  expect(
    found,
    `${screen}:\n${found.map((v) => `${v.impact} ${v.id} (${v.help})\n  ${v.nodes.join('\n  ')}`).join('\n')}`,
  ).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

for (const [name, viewport, colorScheme] of [
  ['desktop', { width: 1280, height: 900 }, 'light'],
  ['phone', { width: 390, height: 844 }, 'light'],
  ['desktop in dark mode', { width: 1280, height: 900 }, 'dark'],
] as const) {
  test(`every screen passes the WCAG 2.1 AA checks on a ${name}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport, colorScheme, bypassCSP: true });
    const page = await context.newPage();

    for (const path of ['/', '/pricing', '/ai-check', '/terms', '/privacy', '/ethical-usage', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, path);
    }
    await page.goto('/');
    await openAuthDialog(page);
    await expectAccessible(page, 'the sign-up dialog');

    // The admin sees every screen a member does, and the diagnostics and engine pages too.
    const signedIn = await page.request.post('/api/auth/sign-in/email', { data: { email: ADMIN, password: PASSWORD } });
    if (!signedIn.ok()) await signUpAndConfirm(page, page.request, ADMIN);

    await page.goto('/');
    await page.getByRole('textbox', { name: 'Your text' }).fill(sampleText(80));
    await page.getByRole('button', { name: 'Humanize', exact: true }).click();
    await expect(page.getByTestId('engine-badge')).toBeVisible({ timeout: 60_000 });
    // The result's toast is on screen too: its colours are checked with the result.
    await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
    await expectAccessible(page, 'a result on the home page');

    await page.goto('/ai-check');
    await page.getByRole('textbox', { name: 'Text to check' }).fill(sampleText(80));
    await page.getByRole('button', { name: 'Check text' }).click();
    await expect(page.getByTestId('ai-check-result')).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'an AI check result');

    for (const path of [
      '/history',
      '/profile',
      '/admin',
      '/admin/engine',
      '/webhook-test',
      '/auth-test',
      '/subscription-test',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Pages that load their figures after the first paint are checked once they have them.
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, path);
    }
    await context.close();
  });
}
