/**
 * Opens the database: embedded PGlite in DATA_DIR (default) or PostgreSQL when DATABASE_URL is set, and
 * applies the migrations in ../../drizzle. Both drivers are exposed as one Drizzle type.
 */
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as schema from './schema';
import { withPreparedStatements } from './pglite-statements';
import { isDatabaseUnavailable } from './unavailable';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The migrations folder, found beside the source tree or the bundled server. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../drizzle'),
    path.resolve(here, '../drizzle'),
    path.resolve(here, 'drizzle'),
  ];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Any 64-bit key shared by every Plainspoken process: the session-level lock held while migrating. */
export const MIGRATION_LOCK_KEY = 7_160_391_224_001n;

/**
 * Applies the migrations under a PostgreSQL advisory lock on one dedicated connection, so N processes
 * starting together on an empty database migrate one after another (the later ones find nothing to do).
 * While the server cannot be reached yet (a compose start, PostgreSQL restarting) it retries for
 * `waitMs`, then gives up with the last error.
 */
export async function migratePostgres(
  url: string,
  opts: { waitMs?: number; onRetry?: (e: Error) => void } = {},
): Promise<void> {
  const until = Date.now() + (opts.waitMs ?? 30_000);
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('error', () => {}); // a dropped connection fails the query below, which is what counts
    try {
      await client.connect();
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      try {
        await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => {});
      }
      await client.end();
      return;
    } catch (e) {
      await client.end().catch(() => {});
      if (!isDatabaseUnavailable(e) || Date.now() > until) throw e;
      opts.onRetry?.(e as Error);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  pglite?: PGlite;
  onConnectionError?: (e: Error) => void;
  migrateWaitMs?: number;
}): Promise<Database> {
  if (opts.url) {
    await migratePostgres(opts.url, {
      waitMs: opts.migrateWaitMs,
      onRetry: (e) => console.warn(`PostgreSQL is not reachable yet (${e.message}); retrying`),
    });
    // connectionTimeoutMillis: while the server is unreachable a request fails within seconds (503) instead of hanging.
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5_000 });
    // A connection PostgreSQL drops (a restart, an administrator ending it) must not end the process: pg
    // emits the error on the pool for an idle connection and on the client for one in use. The query in
    // flight fails by itself and the pool opens a new connection for the next one. An idle connection's
    // error reaches both listeners: it is reported once per connection.
    const lost = opts.onConnectionError ?? ((e: Error) => console.warn(`PostgreSQL connection lost: ${e.message}`));
    const reported = new WeakSet<object>();
    const report = (client: object, e: Error) => {
      if (reported.has(client)) return;
      reported.add(client);
      lost(e);
    };
    pool.on('error', (e, client) => report(client, e));
    pool.on('connect', (client) => client.on('error', (e) => report(client, e)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = opts.pglite ?? (opts.dataDir ? new PGlite(opts.dataDir) : new PGlite());
  await client.waitReady;
  const db = drizzlePglite(withPreparedStatements(client), { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return { db, kind: 'pglite', close: () => client.close() };
}
