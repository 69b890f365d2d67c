import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/harness';
import { createLogger } from './logger';
import { registerInstance } from './process-instance';

describe('process instances', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());
  const logger = createLogger('silent');

  it('tells a process gone from this host after one missed beat, long before the lease', async () => {
    const leaseMs = 8_000; // beats every 2 s
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const dead = await registerInstance(database.db, logger, { leaseMs, pid: gone });
    dead.abandon();
    const me = await registerInstance(database.db, logger, { leaseMs });
    expect(await me.isDead(dead.id)).toBe(false); // it beat just now
    const stopped = await registerInstance(database.db, logger, { leaseMs });
    await stopped.stop();
    expect(await me.isDead(stopped.id)).toBe(true); // a graceful stop leaves no row
    expect(await me.isDead(me.id)).toBe(false);
    // One beat missed, the lease far from over: its pid no longer runs on this host, so it is dead.
    await new Promise((r) => setTimeout(r, 2_300));
    expect(await me.isDead(dead.id)).toBe(true);
    await me.stop();
  });

  it('tells a process that stopped beating once the lease has passed', async () => {
    const leaseMs = 1_000;
    const quiet = await registerInstance(database.db, logger, { leaseMs });
    const live = await registerInstance(database.db, logger, { leaseMs });
    const other = await registerInstance(database.db, logger, { leaseMs });
    quiet.abandon();
    await new Promise((r) => setTimeout(r, leaseMs + 500));
    expect(await other.isDead(quiet.id)).toBe(true);
    expect(await other.isDead(live.id)).toBe(false); // it kept beating
    await live.stop();
    await other.stop();
  });
});
