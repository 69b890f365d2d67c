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
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle'), path.resolve(here, 'drizzle')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openDatabase(opts: { url?: string; dataDir?: string | null; pglite?: PGlite; onConnectionError?: (e: Error) => void }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // A connection PostgreSQL drops (a restart, an administrator ending it) must not end the process: pg
    // emits the error on the pool for an idle connection and on the client for one in use. The query in
    // flight fails by itself and the pool opens a new connection for the next one.
    const lost = opts.onConnectionError ?? ((e: Error) => console.warn(`PostgreSQL connection lost: ${e.message}`));
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: migrationsFolder() });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = opts.pglite ?? (opts.dataDir ? new PGlite(opts.dataDir) : new PGlite());
  await client.waitReady;
  const db = drizzlePglite(withPreparedStatements(client), { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return { db, kind: 'pglite', close: () => client.close() };
}
