/**
 * Prints the word ledger's reconciliation (domain/word-ledger.ts reconcileWords) as one JSON line, for
 * the proof scripts: `tsx apps/server/scripts/reconcile.ts <DATABASE_URL | pglite:DATA_DIR> [initialBalance]`.
 * With initialBalance it also checks every account's balance: initial = balance + stored words + open
 * reservations (valid while no monthly reset or plan change happened, as in the load and fault runs).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { reconcileWords } from '../src/domain/word-ledger';
import { rowsOf } from '../src/lib/rate-limit';

const [target, initial] = process.argv.slice(2);
if (!target) {
  console.error('usage: reconcile.ts <DATABASE_URL | pglite:DATA_DIR> [initialBalance]');
  process.exit(2);
}
const database = target.startsWith('pglite:')
  ? await openDatabase({ dataDir: target.slice('pglite:'.length) })
  : await openDatabase({ url: target, onConnectionError: () => {} });
try {
  const ledger = await reconcileWords(database.db);
  let accounts: { checked: number; mismatched: number } | undefined;
  if (initial !== undefined) {
    const rows = rowsOf<{ checked: number; mismatched: number }>(
      await database.db.execute(sql`
        SELECT count(*)::int AS checked,
               count(*) FILTER (WHERE s.monthly_word_balance
                 + COALESCE((SELECT sum(t.words_charged) FROM transformations t WHERE t.user_id = s.user_id), 0)
                 + COALESCE((SELECT sum(c.words) FROM word_charges c WHERE c.user_id = s.user_id AND c.status = 'reserved'), 0)
                 <> ${Number(initial)})::int AS mismatched
        FROM subscribers s`),
    );
    accounts = { checked: Number(rows[0]?.checked ?? 0), mismatched: Number(rows[0]?.mismatched ?? 0) };
  }
  const transformations = Number(
    rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM transformations`))[0]?.n ?? 0,
  );
  console.log(JSON.stringify({ ...ledger, transformations, accounts }));
} finally {
  await database.close();
}
