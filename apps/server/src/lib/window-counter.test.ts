import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { DB_KINDS, createTestDatabase } from '../test/harness';
import { createWindowCounter } from './window-counter';

describe.each(DB_KINDS)('window counter on %s', (kind) => {
  let database: Database;
  let clock = Date.UTC(2026, 10, 1);
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database.close());

  it('counts every one of many first hits at the same moment, and starts again after the window', async () => {
    const counter = createWindowCounter(database.db, () => clock);
    const hits = await Promise.all(Array.from({ length: 40 }, () => counter.hit('burst', 60_000)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await counter.peek('burst', 60_000)).toMatchObject({ count: 40 });
    clock += 60_001;
    expect(await counter.hit('burst', 60_000)).toMatchObject({ count: 1, previousCount: 40 });
  });
});
