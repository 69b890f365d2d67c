/**
 * The built product reads documents: the esbuild bundle under plain Node (no tsx) starts its own
 * documents-worker.js, which loads pdf.js and mammoth from node_modules with pdf.js's data folders
 * (character maps, standard fonts). Real HTTP, real files, and a server that is still up afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCUMENTS } from '@plainspoken/shared';
import { extractAnswer } from '../../test/extract-answer';
import { freePort, waitHealthy } from '../../test/processes';
import { makeCjkPdf, makeDocx, makeScannedPdf, makeTextPdf, makeZipBomb, SAMPLE } from './fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-docs-bundle-'));
let child: ChildProcess;
let base: string;
let out = '';

beforeAll(async () => {
  const b = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  expect(b.status, b.stderr).toBe(0);
  expect(existsSync(path.join(root, 'apps/server/dist/documents-worker.js'))).toBe(true);
  const port = await freePort();
  base = `http://localhost:${port}`;
  child = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      BASE_URL: base,
      DATA_DIR: path.join(tmp, 'data'),
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'error',
      ENGINE_POOL_SIZE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await waitHealthy(base, { child, output: () => out });
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(tmp, { recursive: true, force: true });
});

async function upload(name: string, body: Uint8Array) {
  const res = await fetch(`${base}${DOCUMENTS.extractPath}?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/octet-stream' },
    body,
  });
  return {
    status: res.status,
    body: extractAnswer.parse(await res.json()),
  };
}

describe('documents in the built server', () => {
  it('reads a Word file and a PDF text layer with their structure', async () => {
    const docx = await upload('report.docx', await makeDocx());
    expect(docx.status).toBe(200);
    expect(docx.body.text).toContain(`# ${SAMPLE.title}\n\n${SAMPLE.paragraphs[0]}\n\n## ${SAMPLE.heading}`);
    const pdf = await upload('report.pdf', await makeTextPdf());
    expect(pdf.status).toBe(200);
    expect(pdf.body.text).toBe(docx.body.text);
    // pdf.js's character maps are found from the bundle (without them this text reads as nothing).
    expect((await upload('japanese.pdf', makeCjkPdf())).body.text).toBe('日本語');
  });

  it('says what could not be read, and keeps serving', async () => {
    const scan = await upload('scan.pdf', await makeScannedPdf());
    expect(scan.status).toBe(422);
    expect(scan.body.error?.details?.reason).toBe('scanned');
    const bomb = await upload('bomb.docx', makeZipBomb(200));
    expect(bomb.body.error?.details?.reason).toBe('too-complex');
    const big = await upload('big.txt', new Uint8Array(DOCUMENTS.maxBytes + 1).fill(0x61));
    expect(big.status).toBe(413);
    expect(big.body.error?.message).toMatch(/larger than 10 MB/);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(child.exitCode).toBeNull();
  });
});
