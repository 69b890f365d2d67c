/**
 * The built product, as `npm start` serves it: the esbuild bundle under plain Node (no tsx). It must
 * contain the trained detector (a served score equals the `detect` command's), report the weights'
 * version, and refuse to start when the weights cannot be read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectorVersion } from '@plainspoken/detector';
import { freePort, waitHealthy } from './test/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-bundle-'));
const children: ChildProcess[] = [];

function startBundle(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      DATA_DIR: mkdtempSync(path.join(tmp, 'data-')),
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'error',
      ENGINE_POOL_SIZE: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, exited, output: () => out };
}

/** The `detect` command, as an operator runs it (npm run -s detect -- --jsonl). */
function cliScores(rows: { id: string; text: string }[]): Map<string, { score: number; flagged: boolean }> {
  const r = spawnSync('npm', ['run', '-s', 'detect', '--', '--jsonl'], {
    cwd: root,
    input: rows.map((x) => JSON.stringify(x)).join('\n') + '\n',
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  const out = new Map<string, { score: number; flagged: boolean }>();
  for (const line of r.stdout.split('\n').filter((l) => l.startsWith('{'))) {
    const o = JSON.parse(line) as { id: string; score: number; flagged: boolean };
    out.set(o.id, { score: o.score, flagged: o.flagged });
  }
  return out;
}

const TEXTS = [
  {
    id: 'stock',
    text: 'Moreover, it is important to note that artificial intelligence has revolutionized the landscape of modern education. Furthermore, students can leverage these tools to enhance their learning outcomes in a myriad of ways. In conclusion, the integration of technology fosters a more engaging and dynamic learning environment for everyone involved. It is crucial to recognize that these advancements also present challenges that must be addressed thoughtfully. Ultimately, embracing innovation while maintaining ethical standards will ensure a brighter future for all.',
  },
  {
    id: 'plain',
    text: "We drove up to the lake on Friday night and got there so late that the campground office was shut. My brother found a spot by the water anyway, and we pitched the tent by torchlight, which went about as well as you'd expect. The pegs kept bending. Around two in the morning it started to rain, and by six the whole left side of the tent was a puddle. Still, the coffee on the little stove tasted better than any coffee I've had at home, and we stayed two more nights.",
  },
  {
    id: 'tokens',
    text: 'The 3.5% fee on the $19.99 plan changed in v2.1.0, as https://example.com/docs/v2.1 explains.\n\nWrite to jane.doe@example.com if Node.js reports an error:\n- check the version\n- restart the server\n- send us the log\n\nMoreover, it is crucial to note that these steps will seamlessly enhance your experience and foster a robust, comprehensive workflow for every team member involved in the project going forward.',
  },
];

describe('the built server bundle', () => {
  beforeAll(() => {
    const b = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
    expect(b.status, b.stderr).toBe(0);
  }, 120_000);
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(tmp, { recursive: true, force: true });
  });

  it('serves the trained detector: health names its weights, served scores equal the detect command', async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const proc = startBundle(port);
    const health = await waitHealthy(base, proc);
    expect(health.detector).toBe(detectorVersion());
    expect(health.detector).toMatch(/^[0-9a-f]{12}$/);

    const cli = cliScores(TEXTS);
    // Scores differ across these texts, so equal scores are not a coincidence of one constant.
    expect(new Set([...cli.values()].map((v) => v.score)).size).toBeGreaterThan(1);
    for (const t of TEXTS) {
      const res = await fetch(`${base}/api/ai-check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: t.text }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = (await res.json()) as {
        score: number;
        flagged: boolean;
        sentences: { start: number; end: number }[];
      };
      expect({ id: t.id, ...{ score: body.score, flagged: body.flagged } }).toEqual({ id: t.id, ...cli.get(t.id) });
      for (const s of body.sentences) expect(t.text.slice(s.start, s.end).length).toBe(s.end - s.start);
    }

    // The same score comes back as score_before of a rewrite through the bundle's worker pool.
    const email = 'bundle@example.com';
    const json = { origin: base, 'content-type': 'application/json' };
    const su = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: 'password123', name: email }),
    });
    expect(su.status).toBe(200);
    const mails = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as { to: string; links: string[] }[];
    const link = mails.find((m) => m.to === email)!.links.find((l) => l.includes('verify-email'))!;
    const cookie = (await fetch(link, { redirect: 'manual' })).headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const stock = TEXTS[0]!;
    const hz = await fetch(`${base}/api/functions/humanize-text`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ text: stock.text, mode: 'lightning' }),
    });
    expect(hz.status, await hz.clone().text()).toBe(200);
    const out = (await hz.json()) as { score_before: number; score_after: number; humanized_text: string };
    expect(out.score_before).toBe(cli.get('stock')!.score);
    expect(out.score_after).toBe(cliScores([{ id: 'after', text: out.humanized_text }]).get('after')!.score);

    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  }, 180_000);

  it('refuses to start when the weights cannot be read, naming the file', async () => {
    const missing = path.join(tmp, 'no-weights-here');
    const proc = startBundle(await freePort(), { DETECTOR_WEIGHTS_DIR: missing });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain(path.join(missing, 'manifest.json'));
    expect(proc.output()).toMatch(/will not start/);
  }, 60_000);
});
