/**
 * The engine page and the model path in the browser, against the built server started here with nothing
 * configured but OLLAMA_HOST pointing at a fake Ollama (real HTTP, Ollama's API) that the test stops and
 * starts: pull with progress, cancel, per-mode model switch, health down and up, and rewrites marked as a
 * full rewrite while the model is up and as a light edit while it is down.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startFakeOllama, type FakeOllama } from '../../../packages/humanizer/src/model/fake-ollama.ts';
import { signUpAndConfirm } from './support';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ADMIN = 'engine-admin@example.com';
const TEXT =
  'It is important to note that remote work has changed how teams collaborate. Moreover, companies do not need large offices anymore, ' +
  'and many employees report that they utilize the saved commuting time for exercise and family. However, managers must learn new ways ' +
  'to keep everyone aligned, because hallway chats no longer happen.';

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

test.describe.configure({ mode: 'serial' });

let ollama: FakeOllama;
let server: ChildProcess;
let dataDir: string;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  ollama = await startFakeOllama({ models: ['qwen2.5:7b-instruct'], pullSteps: 12, pullStepMs: 120 });
  const port = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-engine-e2e-'));
  server = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: root,
    stdio: 'pipe',
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      AUTH_RATE_LIMIT_SCALE: '100',
      ADMIN_EMAILS: ADMIN,
      LOG_LEVEL: 'warn',
      OLLAMA_HOST: ollama.url,
      OLLAMA_PROBE_SECONDS: '2',
      HUMANIZER_LLM_PRICE_IN: '0.6',
      HUMANIZER_LLM_PRICE_OUT: '2.4',
      ENGINE_POOL_SIZE: '1',
    },
  });
  const base = `http://localhost:${port}`;
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, {
      timeout: 60_000,
      intervals: [250],
    })
    .toBe(200);
  context = await browser.newContext({ baseURL: base, permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
  await signUpAndConfirm(page, page.request, ADMIN);
});

test.afterAll(async () => {
  await context?.close();
  server?.kill('SIGTERM');
  await new Promise((r) => server?.once('exit', r) ?? r(null));
  await ollama?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Whether the last model-backed rewrite was delivered as the model's (else offered beside the light edit). */
let modelDelivered = false;

/**
 * The model wrote the rewrite: delivered as a full rewrite, or, when it did not score lower than the light edit,
 * offered as the model's version beside it (decision 0059).
 */
async function rewriteByModel(): Promise<void> {
  await rewrite(/Full rewrite|Light edit/);
  modelDelivered = (await page.getByTestId('engine-badge').textContent()) === 'Full rewrite';
  if (modelDelivered) await expect(page.getByTestId('result-summary')).toHaveText(/^Full rewrite/);
  else {
    await expect(page.getByTestId('model-version')).toBeVisible();
    await expect(page.getByTestId('result-notes')).toContainText("The model's rewrite scored");
  }
}

async function rewrite(expected: RegExp): Promise<void> {
  await page.goto('/');
  await page.getByRole('radio', { name: /Lightning Mode/ }).click();
  // The card keeps the last result for the tab session: emptying the box drops it, so this is a new rewrite.
  await page.getByRole('textbox', { name: 'Your text' }).fill('');
  await page.getByRole('textbox', { name: 'Your text' }).fill(TEXT);
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByTestId('engine-badge')).toHaveText(expected, { timeout: 45_000 });
}

test('a rewrite is made by the model while Ollama is up, with the writing options in its prompt', async () => {
  await page.goto('/');
  const saved = (r: { url(): string; request(): { method(): string } }) =>
    r.url().endsWith('/api/functions/writing-options') && r.request().method() === 'POST';
  await Promise.all([page.waitForResponse(saved), page.getByLabel('Tone').selectOption('professional')]);
  await expect(page.getByLabel('Tone').locator('option:checked')).toHaveText(/Professional · Needs full rewrite/);
  await rewriteByModel();
  // The fake model writes the same answer whatever the tone: the result does not claim a tone it lacks.
  // A light edit given instead of the model's version says where that version is, when it is folded below.
  const below = (await page.getByTestId('model-version').count()) > 0;
  await expect(page.getByTestId('result-notes')).toContainText(
    modelDelivered
      ? 'You chose a professional tone, but the rewrite does not measurably read that way'
      : `A professional tone needs a full rewrite${below ? " (the model's version, not used, is below)" : ''}, so this light edit kept your wording`,
  );
  expect(ollama.prompts.at(-1)).toMatch(/Tone: professional/);
  await page.screenshot({ path: test.info().outputPath('home-result-1366.png') });
  // Remembered for the user: a fresh page shows the saved tone.
  await page.reload();
  await expect(page.getByLabel('Tone')).toHaveValue('professional');
  await Promise.all([page.waitForResponse(saved), page.getByLabel('Tone').selectOption('neutral')]);
});

test('the engine page shows health, latency, tokens and cost from the recorded rewrite', async () => {
  await page.goto('/admin/engine');
  await expect(page.getByRole('heading', { name: 'Engine', exact: true })).toBeVisible();
  await expect(page.getByTestId('engine-health')).toHaveText(/Up/);
  await expect(page.getByTestId('engine-mode-lightning')).toContainText('qwen2.5:7b-instruct');
  await expect(page.getByTestId('engine-mode-lightning')).toContainText('the model');
  await expect(page.getByTestId('engine-mode-lightning')).toContainText('no second opinion');
  await expect(page.getByTestId('engine-mode-deep')).toContainText('second opinion: up to 3 calls a rewrite');
  const stats = page.getByTestId('engine-stats-24h');
  const lightning = stats.getByRole('row', { name: /^Lightning/ });
  await expect(lightning.getByRole('cell').nth(1)).toHaveText('1');
  // By the model: the delivered result's engine (a model rewrite offered beside a light edit counts its tokens).
  await expect(lightning.getByRole('cell').nth(2)).toHaveText(modelDelivered ? '1' : '0');
  await expect(lightning.getByRole('cell').nth(4)).toHaveText(/\d+ ms|\d+\.\d s/);
  await expect(lightning.getByRole('cell').nth(8)).toHaveText(/^\$0\.\d{4}$/);
  await expect(page.getByTestId('engine-cost-30d')).toHaveText(/^\$0\.\d{4}$/);
  await expect(page.getByTestId('engine-margins').getByRole('row', { name: /Pro monthly/ })).toContainText('%');
});

test('pulls a model with a progress bar, and cancels a pull', async () => {
  ollama.setPullStepMs(250);
  await page.goto('/admin/engine');
  await page.getByLabel('Pull a model').fill('llama3.2');
  await page.getByRole('button', { name: 'Pull', exact: true }).click();
  const bar = page.getByRole('progressbar', { name: 'Pulling llama3.2' });
  await expect(bar).toBeVisible();
  // The bar moves through intermediate values while Ollama streams progress.
  await expect
    .poll(
      async () => {
        const v = Number(await bar.getAttribute('aria-valuenow'));
        return v > 0 && v < 100;
      },
      { timeout: 10_000, intervals: [100] },
    )
    .toBe(true);
  await expect(page.getByTestId('pull-status')).toContainText('llama3.2: pulled', { timeout: 20_000 });
  await expect(page.getByTestId('engine-installed')).toContainText('llama3.2:latest');

  ollama.setPullStepMs(500);
  await page.getByLabel('Pull a model').fill('phi3');
  await page.getByRole('button', { name: 'Pull', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('pull-status')).toContainText('phi3: cancelled');
  await expect.poll(() => ollama.pullsCancelled).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('engine-installed')).not.toContainText('phi3');
  ollama.setPullStepMs(120);
});

test('switches the model a mode uses', async () => {
  await page.goto('/admin/engine');
  await page.getByLabel('Model for Lightning').selectOption('llama3.2:latest');
  await expect(page.getByLabel('Model for Lightning')).toHaveValue('llama3.2:latest');
  await rewriteByModel();
  expect(ollama.chatModels.at(-1)).toBe('llama3.2:latest');
  await page.goto('/admin/engine');
  await page.getByLabel('Model for Lightning').selectOption('qwen2.5:7b-instruct');
  await expect(page.getByLabel('Model for Lightning')).toHaveValue('qwen2.5:7b-instruct');
});

test('health goes down and back up; rewrites are light edits while it is down', async () => {
  await ollama.stop();
  await page.goto('/admin/engine');
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('engine-health')).toHaveText(/Down/);
  await expect(page.getByTestId('engine-mode-lightning')).toContainText('local clean-up');
  await page.screenshot({ path: test.info().outputPath('engine-down-1366.png'), fullPage: true });

  await rewrite(/Light edit/);
  await expect(page.getByTestId('result-summary')).toHaveText(/^Light edit/);

  await ollama.start();
  await page.goto('/admin/engine');
  // The periodic check finds it again by itself (every 2 s here).
  await expect(page.getByTestId('engine-health'))
    .toHaveText(/Up/, { timeout: 20_000 })
    .catch(async () => {
      await page.reload();
      await expect(page.getByTestId('engine-health')).toHaveText(/Up/);
    });
  await rewriteByModel();

  await page.goto('/admin/engine');
  await expect(page.getByTestId('engine-reasons-24h')).toContainText('no model was connected');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: test.info().outputPath('engine-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('engine-390.png'), fullPage: true });
  await page.goto('/');
  await page.screenshot({ path: test.info().outputPath('home-390.png') });
  await page.setViewportSize({ width: 1366, height: 900 });
});
