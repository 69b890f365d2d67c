import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withPreparedStatements } from './pglite-statements';

describe('PGlite named prepared statements', () => {
  let raw: PGlite;
  let pg: PGlite;
  beforeAll(async () => {
    raw = new PGlite();
    await raw.exec(
      `create table t (id int primary key, name text not null, ok boolean, at timestamptz, meta jsonb, tags text[], amount numeric)`,
    );
    pg = withPreparedStatements(raw, 3);
  });
  afterAll(async () => raw.close());

  it('returns the same rows, fields and counts as PGlite query() for every kind of value', async () => {
    const at = new Date('2026-03-04T05:06:07.000Z');
    const ins = `insert into t values ($1, $2, $3, $4, $5, $6, $7) returning *`;
    const mine = await pg.query(ins, [1, "O'Brien", true, at, { a: [1, 2] }, ['x', 'y z'], '12.50']);
    const theirs = await raw.query(ins, [2, "O'Brien", true, at, { a: [1, 2] }, ['x', 'y z'], '12.50']);
    expect(mine.affectedRows).toBe(1);
    expect(mine.fields).toEqual(theirs.fields);
    expect({ ...(mine.rows[0] as object), id: 0 }).toEqual({ ...(theirs.rows[0] as object), id: 0 });
    expect((mine.rows[0] as { at: Date }).at).toEqual(at);
    expect((mine.rows[0] as { meta: unknown }).meta).toEqual({ a: [1, 2] });

    const sel = `select id, name, ok, at, tags from t where id = any($1::int[]) order by id`;
    const arr = await pg.query(sel, [[1, 2]], { rowMode: 'array' });
    expect(arr.rows).toEqual((await raw.query(sel, [[1, 2]], { rowMode: 'array' })).rows);
    // Per-call parsers win over the client's, as in query() (the ORM uses this to keep timestamps as text).
    const asText = await pg.query<{ at: string }>(`select at from t where id = $1`, [1], {
      parsers: { 1184: (v: string) => `raw:${v}` },
    });
    expect(asText.rows[0]!.at).toMatch(/^raw:2026-03-04/);
    const nulls = await pg.query(`select $1::text as a, $2::int as b`, [null, undefined]);
    expect(nulls.rows).toEqual([{ a: null, b: null }]);
    const upd = await pg.query(`update t set ok = $1 where id > $2`, [false, 0]);
    expect(upd.affectedRows).toBe(2);
    expect(upd.rows).toEqual([]);
  });

  it("throws PGlite's own error with its SQLSTATE, and the database stays usable", async () => {
    const dup = pg.query(`insert into t (id, name) values ($1, $2)`, [1, 'again']);
    await expect(dup).rejects.toMatchObject({ code: '23505' });
    await expect(pg.query(`select nope from t`)).rejects.toMatchObject({ code: '42703' });
    expect((await pg.query(`select count(*)::int as n from t`)).rows).toEqual([{ n: 2 }]);
  });

  it('keeps working past the cache bound, closing the oldest statements', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await pg.query<{ v: number }>(`select $1::int + ${i} as v`, [1]);
      expect(r.rows[0]!.v).toBe(1 + i);
    }
    // The first shapes were evicted and come back prepared afresh.
    expect((await pg.query<{ v: number }>(`select $1::int + 0 as v`, [5])).rows[0]!.v).toBe(5);
    const open = await raw.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`);
    expect(open.rows[0]!.n).toBeLessThanOrEqual(3);
  });

  it('re-prepares a statement whose table changed shape', async () => {
    const q = `select * from t where id = $1`;
    const before = await pg.query<Record<string, unknown>>(q, [1]);
    expect(before.rows[0]).not.toHaveProperty('extra');
    await pg.exec(`alter table t add column extra text default 'e'`);
    const after = await pg.query<Record<string, unknown>>(q, [1]);
    expect(after.rows[0]).toHaveProperty('extra', 'e');
  });

  it("never runs inside another caller's open transaction", async () => {
    let release!: () => void;
    let entered!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inside = new Promise<void>((r) => (entered = r));
    const tx = pg.transaction(async (t) => {
      await t.query(`update t set name = 'in-tx' where id = 1`);
      entered();
      await gate;
      throw new Error('roll back');
    });
    // Issued while the transaction is open: it must wait and then see (and keep) only committed data.
    await inside;
    // The statement asks for the lock the open transaction holds; release the transaction only once it
    // has asked (or has already finished, which the checks below refuse).
    const askedForLock = vi.spyOn(
      raw as unknown as { _runExclusiveTransaction(): unknown },
      '_runExclusiveTransaction',
    );
    let settled = false;
    const outside = pg.query(`update t set name = $1 where id = $2 returning name`, ['outside', 2]);
    void outside.finally(() => (settled = true)).catch(() => undefined);
    await vi.waitFor(
      () => {
        if (askedForLock.mock.calls.length === 0 && !settled) throw new Error('the statement never asked for the lock');
      },
      { timeout: 5_000, interval: 1 },
    );
    const finishedInsideTransaction = settled;
    askedForLock.mockRestore();
    release();
    expect(finishedInsideTransaction, 'the statement waits while the transaction is open').toBe(false);
    await expect(tx).rejects.toThrow('roll back');
    expect((await outside).rows).toEqual([{ name: 'outside' }]);
    const rows = await pg.query(`select id, name from t order by id`);
    expect(rows.rows).toEqual([
      { id: 1, name: "O'Brien" },
      { id: 2, name: 'outside' },
    ]);
  });
});
