/// <reference types="chrome" />
/**
 * The browser extension, built by its own build script and loaded unpacked into Debian's Chromium (a
 * persistent context, headless). On a local page served here: a signed-out extension asks to connect; the
 * user connects through the site's approval page; text selected in a textarea and in a contenteditable is
 * humanized, replaced in place (the page's own Undo brings it back), charged once and listed in History;
 * a paragraph is checked for AI; an over-cap selection shows the site's message and changes nothing.
 *
 * Playwright cannot click the browser's context menu or press a browser shortcut, so the test calls the
 * handler both of them call (runAction, in the service worker). The menu's registration is read separately.
 * The extension is built for this server with one more host permission, for the local test page: in use,
 * the menu click or the shortcut grants that access (activeTab), which a test cannot do.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { EXTENSION_MSG, MSG, type AiCheckOutput } from '@plainspoken/shared';
import { aiCheckVerdictDetail, DOC_VERDICT_TITLES } from '@plainspoken/shared/extension';
import { sampleText, signUpAndConfirm } from './support';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const shots = process.env.E2E_SCREENSHOTS;

const PAGE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Writing page</title></head><body>
<h1>Writing page</h1>
<label for="draft">Draft</label><textarea id="draft" rows="8" cols="80"></textarea>
<div id="rich" contenteditable="true" style="border:1px solid #999;min-height:4em"></div>
<p id="article"></p>
</body></html>`;

/** Drafts the local engine's light edit makes read as less machine-written, so each rewrite is charged. */
const DRAFT =
  'Additionally, it is worth noting that regular exercise plays a crucial role in maintaining overall health and well-being. Furthermore, a balanced diet can significantly enhance energy levels and foster a sense of vitality. Ultimately, by prioritizing these habits, individuals can unlock a healthier and more fulfilling lifestyle that stands the test of time.';
const NOTE =
  'In conclusion, the project utilizes a comprehensive approach in order to facilitate seamless collaboration. It is essential to leverage cutting-edge solutions that empower stakeholders. Moreover, this initiative will delve into the intricacies of the market and provide valuable insights that drive meaningful results for our valued customers going forward. It is truly a game-changer.';

type JobView = {
  id: string;
  status: string;
  target: string;
  text: string;
  humanized?: {
    humanized_text: string;
    words_charged: number;
    cost: string;
    remaining_balance: number;
    transformation_id: string;
    summary: string;
  };
  checked?: Pick<AiCheckOutput, 'score' | 'words' | 'verdict' | 'composition' | 'caution'>;
  error?: { code: string; message: string };
  replace?: { status: string; undoable: boolean; message: string };
};

let site: Server;
let pageUrl = '';
let extDir = '';
let userDir = '';
let context: BrowserContext;
let worker: Worker;
let extensionId = '';

test.beforeAll(async ({ baseURL }) => {
  site = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(PAGE_HTML);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  extDir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-ext-'));
  execFileSync(
    process.execPath,
    [
      'apps/extension/scripts/build.mjs',
      '--server',
      baseURL!,
      '--out',
      extDir,
      '--extra-host',
      'http://127.0.0.1/*',
      '--no-zip',
    ],
    { cwd: repoRoot, stdio: 'pipe' },
  );
  userDir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-ext-profile-'));
  context = await chromium.launchPersistentContext(userDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    baseURL,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${extDir}`,
      `--load-extension=${extDir}`,
    ],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
});

test.afterAll(async () => {
  await context?.close();
  await new Promise((r) => site?.close(r));
  rmSync(extDir, { recursive: true, force: true });
  rmSync(userDir, { recursive: true, force: true });
});

/** Selects the whole value of the textarea, the contenteditable or the paragraph, after filling it. */
async function selectIn(page: Page, id: 'draft' | 'rich' | 'article', text: string): Promise<void> {
  await page.bringToFront();
  await page.evaluate(
    ({ id, text }) => {
      const el = document.getElementById(id)!;
      if (el instanceof HTMLTextAreaElement) {
        el.value = text;
        el.focus();
        el.setSelectionRange(0, text.length);
        return;
      }
      el.textContent = text;
      if (el.isContentEditable) el.focus();
      const range = document.createRange();
      range.selectNodeContents(el);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
    },
    { id, text },
  );
}

const fieldText = (page: Page, id: 'draft' | 'rich') =>
  page.evaluate((id) => {
    const el = document.getElementById(id)!;
    return el instanceof HTMLTextAreaElement ? el.value : el.innerText;
  }, id);

/** What the context menu and the shortcuts do: runAction on the writing page's tab. Returns the finished job. */
async function act(action: 'humanize-deep' | 'humanize-lightning' | 'check-ai'): Promise<JobView> {
  return worker.evaluate(
    async ({ action, pageUrl }) => {
      const [tab] = await chrome.tabs.query({ url: `${pageUrl}*` });
      const api = (
        globalThis as unknown as { plainspoken: { runAction: (a: string, t: chrome.tabs.Tab) => Promise<unknown> } }
      ).plainspoken;
      return (await api.runAction(action, tab!)) as JobView;
    },
    { action, pageUrl },
  );
}

/**
 * axe-core's WCAG 2.1 A/AA and best-practice checks, as accessibility.spec.ts runs them on the site's
 * screens; evaluated through the debugging protocol, which the pages' script policies do not block.
 */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  const found = await page.evaluate(async (source) => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- axe-core's own source, from node_modules
    const load = new Function(source) as () => void;
    load();
    type Result = { passes: unknown[]; violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<Result> } }).axe;
    const res = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return {
      passes: res.passes.length,
      violations: res.violations.map(
        (v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    };
  }, axeSource);
  expect(found.passes, `${screen}: axe ran its checks`).toBeGreaterThan(10);
  expect(found.violations, screen).toEqual([]);
}

async function openPanel(): Promise<Page> {
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 400, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/panel.html`);
  return panel;
}

test('registers its menu on a selection and its shortcuts, with the fewest permissions', async () => {
  const seen = await worker.evaluate(async () => {
    const created: chrome.contextMenus.CreateProperties[] = [];
    const original = chrome.contextMenus.create.bind(chrome.contextMenus);
    chrome.contextMenus.create = (p: chrome.contextMenus.CreateProperties) => {
      created.push(p);
      return original(p);
    };
    try {
      await (
        globalThis as unknown as { plainspoken: { registerMenus: () => Promise<void> } }
      ).plainspoken.registerMenus();
    } finally {
      chrome.contextMenus.create = original;
    }
    const commands = await chrome.commands.getAll();
    return { created, commands, manifest: chrome.runtime.getManifest() };
  });
  // The worker registers the same menus itself when it is installed; a registration still running as the test
  // starts records its items a second time. The same item created twice is one menu item.
  const items = [...new Map(seen.created.map((c) => [c.id, [c.id, c.title, c.parentId ?? null]] as const)).values()];
  expect(items).toEqual([
    ['plainspoken', 'Plainspoken', null],
    ['humanize-deep', 'Humanize (Deep)', 'plainspoken'],
    ['humanize-lightning', 'Humanize (Lightning)', 'plainspoken'],
    ['check-ai', 'Check for AI', 'plainspoken'],
  ]);
  for (const c of seen.created) expect(c.contexts).toEqual(['selection', 'editable']);
  const shortcuts: Record<string, string | undefined> = Object.fromEntries(
    seen.commands.map((c): [string, string | undefined] => [c.name ?? '', c.shortcut]),
  );
  expect(shortcuts).toMatchObject({
    'humanize-deep': 'Alt+Shift+H',
    'humanize-lightning': 'Alt+Shift+L',
    'check-ai': 'Alt+Shift+K',
  });
  expect(seen.manifest.permissions?.sort()).toEqual(['activeTab', 'contextMenus', 'scripting', 'sidePanel', 'storage']);
  expect(seen.manifest.content_scripts).toBeUndefined();
});

test('signed out, the extension asks to connect and changes nothing', async () => {
  const page = await context.newPage();
  await page.goto(pageUrl);
  const text = DRAFT;
  await selectIn(page, 'draft', text);
  const job = await act('humanize-lightning');
  expect(job.status).toBe('signed-out');
  expect(job.target).toBe('field');
  const panel = await openPanel();
  await expect(panel.getByRole('heading', { name: 'Connect to Plainspoken' })).toBeVisible();
  await expect(panel.getByTestId('job-error')).toHaveText(EXTENSION_MSG.connect);
  await expectAccessible(panel, 'the signed-out panel');
  expect(await fieldText(page, 'draft')).toBe(text);
  await panel.close();
  await page.close();
});

test('connects, humanizes a textarea and a contenteditable in place, charged once, in History; checks for AI; refuses over the cap', async () => {
  const site = await context.newPage();
  await signUpAndConfirm(site, context.request);

  // Connect: the panel opens the site's approval page; approving hands the extension its own token.
  const panel = await openPanel();
  const approval = context.waitForEvent('page');
  await panel.getByRole('button', { name: 'Connect to Plainspoken' }).click();
  const approve = await approval;
  await approve.setViewportSize({ width: 900, height: 700 });
  await expect(approve.getByRole('heading', { name: 'Connect the Plainspoken extension' })).toBeVisible();
  await expectAccessible(approve, 'the approval page');
  if (shots) await approve.screenshot({ path: `${shots}/extension-approval.png` });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await approve.waitForEvent('close'); // the extension closes the tab once it holds its token
  await expect(panel.getByTestId('account')).toContainText('Free plan · 250 words left this month');

  const page = await context.newPage();
  await page.goto(pageUrl);

  // A textarea, Lightning: the result replaces the selection; the page's own Undo brings the draft back.
  const draft = DRAFT;
  await selectIn(page, 'draft', draft);
  const first = await act('humanize-lightning');
  expect(first.status).toBe('done');
  // What a rewrite costs is the server's (a result that does not score lower is free): the panel says its figure.
  const c1 = first.humanized!.words_charged;
  expect(c1, first.humanized!.summary).toBe(53);
  expect(first.humanized!.remaining_balance).toBe(250 - c1);
  await panel.bringToFront();
  await expect(panel.getByTestId('charged')).toHaveText(
    `${first.humanized!.cost} · ${250 - c1} words left this month.`,
  );
  await expect(panel.getByTestId('result-text')).toHaveText(first.humanized!.humanized_text);
  await panel.getByRole('button', { name: 'Replace' }).click();
  await expect(panel.getByTestId('replace-status')).toContainText('Replaced.');
  await expect.poll(() => fieldText(page, 'draft')).toBe(first.humanized!.humanized_text);
  const replaced = await worker.evaluate(async () => (await chrome.storage.session.get('job')).job as JobView);
  expect(replaced.replace!.undoable).toBe(true);
  await page.bringToFront();
  await page.locator('#draft').press('Control+z');
  await expect.poll(() => fieldText(page, 'draft')).toBe(draft);
  await expectAccessible(panel, 'the panel with a result');
  await panel.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(panel, 'the panel with a result, dark');
  await panel.emulateMedia({ colorScheme: 'light' });
  if (shots) await panel.screenshot({ path: `${shots}/extension-panel.png`, fullPage: true });

  // A contenteditable, Deep.
  const note = NOTE;
  await selectIn(page, 'rich', note);
  const second = await act('humanize-deep');
  expect(second.status, second.error?.message).toBe('done');
  expect(second.target).toBe('rich');
  await panel.bringToFront();
  const c2 = second.humanized!.words_charged;
  expect(c2, second.humanized!.summary).toBe(54);
  await expect(panel.getByTestId('charged')).toHaveText(
    `${second.humanized!.cost} · ${250 - c1 - c2} words left this month.`,
  );
  await panel.getByRole('button', { name: 'Replace' }).click();
  await expect(panel.getByTestId('replace-status')).toContainText('Replaced.');
  await expect.poll(() => fieldText(page, 'rich')).toBe(second.humanized!.humanized_text);

  // Check for AI on plain page text: a score and the highlights, no words charged, Copy only.
  await selectIn(page, 'article', sampleText(80));
  const check = await act('check-ai');
  expect(check.status).toBe('done');
  expect(check.target).toBe('page');
  expect(check.checked!.words).toBe(80);
  await panel.bringToFront();
  await expect(panel.getByTestId('check-score')).toHaveText(`${Math.round(check.checked!.score)}%`);
  const c = check.checked!;
  await expect(panel.getByTestId('check-verdict')).toHaveText(DOC_VERDICT_TITLES[c.verdict]);
  await expect(panel.getByTestId('check-detail')).toHaveText(aiCheckVerdictDetail(c.verdict, c.composition, c.caution));
  await expect(panel.getByRole('button', { name: 'Replace' })).toHaveCount(0);
  await expectAccessible(panel, 'the panel with an AI check');
  await panel.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(panel, 'the panel with an AI check, dark');
  if (shots) await panel.screenshot({ path: `${shots}/extension-panel-check-dark.png`, fullPage: true });
  await panel.emulateMedia({ colorScheme: 'light' });

  // A short text: the panel says how sure the check is, as the site does (decision 0058).
  await selectIn(page, 'article', sampleText(60));
  const short = (await act('check-ai')).checked!;
  expect(short.caution, 'a 60-word text has a caution').toBeTruthy();
  await panel.bringToFront();
  await expect(panel.getByTestId('check-detail')).toHaveText(
    aiCheckVerdictDetail(short.verdict, short.composition, short.caution),
  );
  if (short.verdict === 'unclear') await expect(panel.getByTestId('check-caution')).toHaveCount(0);
  else await expect(panel.getByTestId('check-caution')).toHaveText(short.caution ?? '');

  // Over the Free cap: the site's own message, nothing replaced, nothing charged.
  const long = sampleText(260);
  await selectIn(page, 'draft', long);
  const over = await act('humanize-lightning');
  expect(over.status).toBe('failed');
  expect(over.error).toMatchObject({ code: 'WORD_LIMIT_EXCEEDED', message: MSG.limitExceeded(250, 'Free') });
  await panel.bringToFront();
  await expect(panel.getByTestId('job-error')).toHaveText(MSG.limitExceeded(250, 'Free'));
  await expect(panel.getByRole('button', { name: 'Replace' })).toHaveCount(0);
  expect(await fieldText(page, 'draft')).toBe(long);
  // Charged once each: the balance moved by the two rewrites' own figures, and by nothing else.
  await expect(panel.getByTestId('account')).toContainText(`${250 - c1 - c2} words left this month`);

  // The two rewrites, and only they, are in History.
  await site.bringToFront();
  await site.goto('/history');
  const ids = [first.humanized!.transformation_id, second.humanized!.transformation_id];
  const list = (await (await site.request.get('/api/transformations')).json()) as { items: { id: string }[] };
  expect(list.items.map((i) => i.id).sort()).toEqual([...ids].sort());

  // The profile lists this browser; disconnecting it there signs the extension out.
  await site.goto('/profile');
  const card = site.getByTestId('extension-card');
  await expect(card.getByTestId('extension-connection')).toHaveCount(1);
  if (shots) await card.screenshot({ path: `${shots}/extension-profile.png` });
  await card.getByRole('button', { name: /^Disconnect / }).click();
  await expect(card.getByText('No browser is connected.')).toBeVisible();
  await selectIn(page, 'draft', draft);
  const after = await act('humanize-lightning');
  expect(after.status).toBe('signed-out');
  expect(after.error?.message).toBe(EXTENSION_MSG.revokedToken);
  await panel.bringToFront();
  await expect(panel.getByRole('heading', { name: 'Connect to Plainspoken' })).toBeVisible();
});
