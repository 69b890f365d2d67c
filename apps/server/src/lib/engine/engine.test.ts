import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { WORKER_NICE, createEnginePool } from './engine';
import { AppError } from '../errors';
import { startFakeProvider } from '@plainspoken/humanizer/testing';

const slowWorker = fileURLToPath(new URL('../../test/slow-worker.mjs', import.meta.url));
const job = (text: string) => ({ text, mode: 'lightning' as const, secondPass: false, llm: null });

describe('engine pool', () => {
  it('refuses work at once with 503 and a retry hint when the queue is full', async () => {
    const pool = createEnginePool({ threads: 1, queueLimit: 2, timeoutMs: 10_000, workerFilename: slowWorker });
    try {
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => pool.run(job('slow text'))));
      const busy = results.filter((r) => r.status === 'rejected').map((r) => r.reason as AppError);
      expect(busy.length).toBeGreaterThanOrEqual(3);
      for (const e of busy) {
        expect(e).toBeInstanceOf(AppError);
        expect(e.status).toBe(503);
        expect(e.code).toBe('ENGINE_BUSY');
        expect(e.extra.retryAfter).toBeGreaterThan(0);
      }
      expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    } finally {
      await pool.close();
    }
  });

  it('stops a rewrite that runs past its timeout, and survives a worker error', async () => {
    // The timeout leaves a replacement worker time to start on a loaded machine; the stalled rewrite never ends.
    const pool = createEnginePool({ threads: 1, queueLimit: 4, timeoutMs: 1500, workerFilename: slowWorker });
    try {
      await expect(pool.run(job('stall text'))).rejects.toMatchObject({ code: 'ENGINE_FAILED', status: 502 });
      await expect(pool.run(job('crash now'))).rejects.toThrow(/worker failure/);
      expect((await pool.run(job('quick'))).text).toBe('QUICK');
    } finally {
      await pool.close();
    }
  });

  it('model-backed rewrites wait on the provider together instead of one per worker', async () => {
    const fake = await startFakeProvider({ delayMs: 400, corpus: false });
    const pool = createEnginePool({ threads: 1, queueLimit: 16, timeoutMs: 60_000 });
    try {
      const text =
        'Remote work does not suit every team. Moreover, companies report that they utilize the saved office budget for training, ' +
        'and many employees say that they value the quiet time for focused work.';
      const llm = { baseURL: fake.url, model: 'fake-model', apiKey: 'fake' };
      const outs = await Promise.all(
        Array.from({ length: 4 }, () => pool.run({ text, mode: 'lightning', secondPass: false, llm })),
      );
      expect(outs.every((o) => o.candidates >= 1)).toBe(true);
      // One worker thread, four rewrites: their provider calls were in flight at the same time.
      expect(fake.maxInFlight).toBeGreaterThanOrEqual(2);
      // The result crosses the worker boundary as the humanizer's own type, new fields included.
      expect(typeof outs[0]?.repairedSentences).toBe('number');
      expect(typeof outs[0]?.improved).toBe('boolean');
    } finally {
      await pool.close();
      await fake.close();
    }
  }, 60_000);

  it('runs the real engine in a worker thread', async () => {
    const pool = createEnginePool({ threads: 1, queueLimit: 4, timeoutMs: 60_000 });
    try {
      const text =
        'Moreover, it is important to note that artificial intelligence has revolutionized the landscape of modern education. ' +
        'Furthermore, students can leverage these tools to enhance their learning outcomes. In conclusion, the 3 studies from 2021 show a 40% gain.';
      const stages: string[] = [];
      const out = await pool.run({ text, mode: 'deep', secondPass: false, llm: null }, (e) => stages.push(e.stage));
      expect(out.engine).toBe('local');
      expect(stages[0]).toBe('detect');
      expect(stages.length).toBeGreaterThan(0); // later events may race the result and are allowed to drop
      expect(out.text.length).toBeGreaterThan(50);
      expect(out.text).toContain('40%');
      expect(out.text).toContain('2021');
      expect(out.scoreBefore).toBeGreaterThanOrEqual(0);
      expect(out.scoreBefore).toBeLessThanOrEqual(100);
    } finally {
      await pool.close();
    }
  });

  it("runs rewrites below the request thread's CPU priority, Deep lowest", async () => {
    expect(process.platform, 'this test reads thread priorities from /proc (Linux)').toBe('linux');
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value.
    const niceOfThreads = () =>
      readdirSync(`/proc/${process.pid}/task`).map((tid) => {
        const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    const before = niceOfThreads();
    const pool = createEnginePool({ threads: 1, queueLimit: 4, timeoutMs: 60_000 });
    try {
      const text = 'It is important to note that the committee reviewed every proposal with great care. '.repeat(6);
      await pool.run({ text, mode: 'lightning', secondPass: false, llm: null });
      await pool.run({ text, mode: 'deep', secondPass: false, llm: null });
      const after = niceOfThreads();
      expect(after.filter((n) => n === WORKER_NICE.lightning).length).toBeGreaterThan(
        before.filter((n) => n === WORKER_NICE.lightning).length,
      );
      expect(after.filter((n) => n === WORKER_NICE.deep).length).toBeGreaterThan(
        before.filter((n) => n === WORKER_NICE.deep).length,
      );
      expect(os.getPriority(0)).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
