import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CONCURRENCY_RETRY_AFTER_S } from '@plainspoken/shared';
import type { Database } from '../../db/client';
import { DB_KINDS, createTestDatabase } from '../../test/harness';
import { admitApiRequest, type Admission } from './key-limits';

const LEASE = 10_000;

describe.each(DB_KINDS)('the per-key API rate on %s', (kind) => {
  let database: Database;
  let clock = Date.UTC(2026, 10, 1);
  const d = () => ({ db: database.db, now: () => clock, leaseMs: LEASE });
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database.close());

  it('admits exactly the minute’s requests when many arrive at once, and counts no refused one', async () => {
    const limits = { requestsPerMinute: 20, concurrent: 100 };
    const all = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const a = await admitApiRequest(d(), 'key-rate', 'humanize', limits);
        if (a.ok) await a.release();
        return a;
      }),
    );
    const ok = all.filter((a) => a.ok);
    expect(ok).toHaveLength(20);
    expect(ok.map((a) => a.rate.remaining).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const a of all.filter((x) => !x.ok))
      expect(a).toMatchObject({ limit: 'requests_per_minute', retryAfter: 60, rate: { remaining: 0 } });
    // Checks are counted apart from rewrites.
    expect((await admitApiRequest(d(), 'key-rate', 'detect', limits)).ok).toBe(true);
    // 59.5 s on, the wait is rounded up to a second; at 60 s the minute starts again.
    clock += 59_500;
    expect(await admitApiRequest(d(), 'key-rate', 'humanize', limits)).toMatchObject({ ok: false, retryAfter: 1 });
    clock += 500;
    const next = await admitApiRequest(d(), 'key-rate', 'humanize', limits);
    expect(next).toMatchObject({ ok: true, rate: { limit: 20, remaining: 19, resetSeconds: 60 } });
  });

  it('never lets more requests run at once than allowed, under many at once', async () => {
    const limits = { requestsPerMinute: 10_000, concurrent: 3 };
    for (const round of [1, 2, 3]) {
      // 40 arrive in waves while none has finished: exactly three are admitted, whichever they are.
      const all = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          // Staggered arrivals (0-21 ms apart), so later waves meet admissions already committed: this is
          // the test's input, not a wait for something to happen.
          await new Promise((r) => setTimeout(r, (i % 8) * 3));
          return admitApiRequest(d(), 'key-run', 'humanize', limits);
        }),
      );
      const ok = all.filter((a) => a.ok);
      expect(ok, `round ${round}`).toHaveLength(3);
      for (const a of all.filter((x) => !x.ok))
        expect(a).toEqual({ ok: false, limit: 'concurrent_requests', retryAfter: API_CONCURRENCY_RETRY_AFTER_S });
      // Once they end, their places are free again.
      await Promise.all(ok.map((a) => a.release()));
    }
    const again = await Promise.all([1, 2, 3].map(() => admitApiRequest(d(), 'key-run', 'humanize', limits)));
    expect(again.every((a) => a.ok)).toBe(true);
    expect((await admitApiRequest(d(), 'key-run', 'humanize', limits)).ok).toBe(false);
  });

  it('frees the places of requests whose process died once their lease is over, and only those', async () => {
    const limits = { requestsPerMinute: 10_000, concurrent: 3 };
    const admit = () => admitApiRequest(d(), 'key-dead', 'humanize', limits);
    const dead: Admission[] = [await admit(), await admit(), await admit()];
    expect(dead.every((a) => a.ok)).toBe(true);
    expect((await admit()).ok).toBe(false);
    clock += LEASE - 1;
    expect((await admit()).ok).toBe(false);
    clock += 1;
    const taken = [await admit(), await admit(), await admit()];
    expect(taken.every((a) => a.ok)).toBe(true);
    expect((await admit()).ok).toBe(false);
    // A late release by a request whose lease ran out does not free the place another request took over.
    for (const a of dead) if (a.ok) await a.release();
    expect((await admit()).ok).toBe(false);
    for (const a of taken) if (a.ok) await a.release();
    expect((await admit()).ok).toBe(true);
  });
});
