import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, signUpAndConfirm } from './support';

// The e2e server lists this address in ADMIN_EMAILS.
const ADMIN = 'admin@example.com';

/** Records every CSP violation the page reports, as an event and as a console message. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text()))
      seen.push(`console: ${m.text()}`);
  });
  await page.exposeFunction('__cspViolation', (s: string) => seen.push(`event: ${s}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (s: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${location.pathname}`,
      );
    });
  });
  return seen;
}

async function asAdmin(page: Page, request: APIRequestContext): Promise<void> {
  await page.goto('/');
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email: ADMIN, password: PASSWORD } });
  if (res.ok()) return;
  await signUpAndConfirm(page, request, ADMIN);
}

test('the built app runs under its Content-Security-Policy with no violation on its pages', async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page);

  const home = await page.goto('/');
  const csp = home?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(home?.headers()['x-content-type-options']).toBe('nosniff');
  // The built index.html carries no inline script for the policy to block.
  const indexHtml = await (await request.get('/')).text();
  expect([...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)]).toEqual([]);

  await expect(page.getByRole('banner')).toBeVisible();
  for (const path of ['/pricing', '/ai-check']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await asAdmin(page, request);
  for (const path of ['/', '/history', '/admin', '/profile', '/dev/mailbox']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('the policy does block an injected inline script (it is really enforced)', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/pricing');
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true;';
    document.body.appendChild(s);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});
