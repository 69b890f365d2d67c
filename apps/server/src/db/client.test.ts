import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { openDatabase } from './client';
import { rowsOf } from '../lib/rate-limit';
import { startPostgres } from '../../../../scripts/pg-temp.mjs';

// The CI's server (TEST_DATABASE_URL), or one of our own from initdb/pg_ctl (which fails with a reason where
// PostgreSQL is not installed).
const own = process.env.TEST_DATABASE_URL ? null : await startPostgres({ maxConnections: 50 });
const admin = process.env.TEST_DATABASE_URL ?? own!.url;
afterAll(() => own?.stop());

describe('PostgreSQL connections', () => {
  it('survive PostgreSQL ending them: the error is reported, the process lives, the next query reconnects', async () => {
    const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const lost: string[] = [];
    const d = await openDatabase({ url: url.toString(), onConnectionError: (e) => lost.push(e.message) });
    try {
      // Hold two connections open (idle in the pool), then have the server end every one of them.
      await Promise.all([d.db.execute(sql`SELECT pg_sleep(0.05)`), d.db.execute(sql`SELECT pg_sleep(0.05)`)]);
      const killed = await c.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1`,
        [name],
      );
      const ended = killed.rows[0]?.n ?? 0;
      expect(ended).toBeGreaterThanOrEqual(1);
      // Each ended connection reports its error once, on its own (later on a busy machine); wait for all of
      // them before the next query, which would otherwise take a dead connection still idle in the pool.
      await vi.waitFor(() => expect(lost.length, 'connection errors reported').toBeGreaterThanOrEqual(ended), {
        timeout: 10_000,
        interval: 20,
      });
      expect(lost.length).toBe(ended);
      expect(lost.length).toBeGreaterThanOrEqual(1);
      const rows = rowsOf<{ one: number }>(await d.db.execute(sql`SELECT 1 AS one`));
      expect(rows[0]?.one).toBe(1);
    } finally {
      await d.close();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    }
  });
});
