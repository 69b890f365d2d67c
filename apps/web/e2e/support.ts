/** Helpers the browser tests share: unique accounts, the local outbox, sign-up with confirmation, axe in a part. */
import { createRequire } from 'node:module';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { OutboxMail } from '@plainspoken/shared';

export const PASSWORD = 'correct-horse-7';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Waits for the newest mail to `to` in the local outbox and returns it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  opts: { after?: number; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    const res = await request.get('/api/dev/mailbox');
    if (res.ok()) {
      const mails = (await res.json()) as OutboxMail[];
      const mail = mails.find(
        (m) => m.to.toLowerCase().includes(to.toLowerCase()) && (!opts.after || Date.parse(m.createdAt) >= opts.after),
      );
      if (mail) return mail;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`No mail to ${to} arrived in the outbox`);
}

/** The link in a mail that leads back to the product's auth endpoints. */
export function authLink(mail: OutboxMail): string {
  const link = mail.links.find((l) => l.includes('/api/auth/')) ?? mail.links[0];
  if (!link) throw new Error(`Mail "${mail.subject}" has no link`);
  return link;
}

export async function openAuthDialog(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Get started' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/** Fills and submits the sign-up form; leaves the check-your-email dialog open. */
export async function submitSignUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await openAuthDialog(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible();
}

/**
 * Signs up a fresh account, opens the confirmation link from the outbox in the same tab, and waits
 * until the header shows the signed-in state. Returns the account's email.
 */
export async function signUpAndConfirm(page: Page, request: APIRequestContext, email = uniqueEmail()): Promise<string> {
  const started = Date.now() - 1000;
  await submitSignUp(page, email);
  const mail = await waitForMail(request, email, { after: started });
  await page.goto(authLink(mail));
  await expectSignedIn(page);
  return email;
}

export async function expectSignedIn(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Profile' })).toBeVisible({ timeout: 15_000 });
  await expect(header.getByRole('link', { name: 'History' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Get more words' })).toBeVisible();
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await openAuthDialog(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign in here' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * A plain text of exactly n words, written like an AI draft so the engine has something to do: whole sentences
 * (61 words before it repeats) that the light edit lowers at every length the specs use.
 */
export function sampleText(n: number): string {
  const base =
    'In any workplace, effective communication plays a crucial role in fostering collaboration across modern teams. Moreover, organizations must leverage innovative strategies to navigate the complexities of hybrid work. Furthermore, leaders who embrace transparency can unlock the full potential of their people. In conclusion, it is essential to prioritize clear and open dialogue in order to drive meaningful results. Small habits matter.'.split(
      /\s+/,
    );
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) out.push(base[i % base.length] as string);
  return out.join(' ');
}

/**
 * Logs out from the profile page and waits for the signed-out header. Once in a loaded CI run, a click on Sign out
 * sent no sign-out request (cause not found): the click is tried again, from the profile page, until the header
 * shows Get started.
 */
export async function logOutFromProfile(page: Page): Promise<void> {
  await expect(async () => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click({ timeout: 5_000 });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Get started' })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe's WCAG 2.1 A and AA findings inside the element `selector` names (contrast in the page's theme, names,
 * roles), as "rule: help". The context must bypass the page's CSP for the injected script.
 */
export async function axeViolationsIn(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Element, o: object) => Promise<{ violations: { id: string; help: string }[] }> };
      }
    ).axe;
    const el = document.querySelector(sel);
    if (!el) throw new Error(`no element ${sel} to check`);
    const res = await axe.run(el, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return res.violations.map((v) => `${v.id}: ${v.help}`);
  }, selector);
}
