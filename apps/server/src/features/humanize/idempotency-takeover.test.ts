/**
 * A request's process dies mid-rewrite (two app instances on one database, the first one stops beating):
 * a retry with the same Idempotency-Key on the other instance takes the claim over at once (not after the
 * engine timeout), refunds the dead request's reservation, and the words are charged once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { HumanizeInput } from '@plainspoken/shared';
import { api_idempotency, subscribers, word_charges } from '../../db/schema';
import type { Database } from '../../db/client';
import { reconcileWords } from '../../domain/word-ledger';
import type { Engine } from '../../lib/engine/engine';
import { createTestDatabase, createTestProduct, inlineEngine, type TestProduct } from '../../test/harness';

const LEASE_MS = 1_000;
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 37}`).join(' ');

/** An engine whose rewrites wait until the test lets them fail (the process "died" meanwhile). */
function hangingEngine(): Engine & { fail(): void } {
  const base = inlineEngine();
  let fail!: (e: Error) => void;
  const gate = new Promise<never>((_, reject) => (fail = reject));
  gate.catch(() => {});
  return { ...base, run: () => gate, fail: () => fail(new Error('the process is gone')) };
}

describe('a claim of a dead process is taken over at once', () => {
  let database: Database;
  let a: TestProduct;
  let b: TestProduct;
  let engineA: ReturnType<typeof hangingEngine>;
  beforeAll(async () => {
    database = await createTestDatabase();
    engineA = hangingEngine();
    const env = { RATE_LIMITS: 'off', INSTANCE_LEASE_MS: String(LEASE_MS) };
    a = await createTestProduct({ database, engine: engineA, env });
    b = await createTestProduct({ database, engine: inlineEngine(), env });
  });
  afterAll(async () => {
    await b.close();
    await database.close().catch(() => {});
  });

  it('refunds the dead request, runs the retry on the live instance, and charges the words once', async () => {
    const u = await a.newUser();
    await b.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 1_000 })
      .where(eq(subscribers.user_id, u.id));
    const body: HumanizeInput = { text: words(60), mode: 'lightning', useSecondPrompt: false };
    const send = (t: TestProduct) =>
      t.req('/api/functions/humanize-text', { body, cookie: u.cookie, headers: { 'idempotency-key': 'click-1' } });
    const balance = async () =>
      (await b.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!.monthly_word_balance;

    // Instance A claims the key and reserves the words, then hangs in the engine.
    const first = send(a);
    await expect
      .poll(async () => (await b.deps.db.select().from(word_charges).where(eq(word_charges.user_id, u.id))).length)
      .toBe(1);
    const [claim] = await b.deps.db
      .select()
      .from(api_idempotency)
      .where(and(eq(api_idempotency.user_id, u.id), eq(api_idempotency.key, 'click-1')));
    expect(claim?.owner).toBe(a.deps.instance!.id);
    expect(await balance()).toBe(940);
    // While A is alive, a retry is told the request is still running.
    const busy = await send(b);
    expect(busy.status).toBe(409);

    // A dies: no more heartbeats (its request never answers).
    a.deps.instance!.abandon();
    await new Promise((r) => setTimeout(r, LEASE_MS + 300));
    const started = Date.now();
    const retry = await send(b);
    expect(retry.status, await retry.clone().text()).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(((await retry.json()) as { words_charged: number }).words_charged).toBe(60);
    const charges = await b.deps.db.select().from(word_charges).where(eq(word_charges.user_id, u.id));
    expect(charges.map((c) => c.status).sort()).toEqual(['refunded', 'saved']);
    expect(await balance()).toBe(940);
    expect((await reconcileWords(b.deps.db)).ok).toBe(true);

    // The dead request's late failure leaves the new answer alone: a retry replays it.
    engineA.fail();
    expect((await first).status).toBe(502);
    const replay = await send(b);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance()).toBe(940);
  }, 30_000);
});
