import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { apiErrorResponse, apiHumanizeResponse } from '@plainspoken/shared';
import { api_idempotency, subscribers, transformations } from '../../db/schema';
import { reservationHoldMs } from '../../domain/word-ledger';
import { requestFingerprint } from '../../lib/idempotency';
import { createTestProduct, type TestProduct } from '../../test/harness';

const words = (n: number, salt = '') => Array.from({ length: n }, (_, i) => `word${i % 37}${salt}`).join(' ');

/**
 * The public API's Idempotency-Keys go through the shared helper (lib/idempotency.ts): a claim left without an
 * answer by a process that died is taken over after the word reservation's hold (before, the key answered 409
 * for its whole 24 hours), and a dead request that had stored its rewrite gives that rewrite back uncharged.
 */
describe('/v1/humanize: an Idempotency-Key left by a process that died', () => {
  let t: TestProduct;
  let u: { id: string; cookie: string };
  let secret: string;
  const balance = async () =>
    (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!.monthly_word_balance;
  const humanize = (body: { text: string; mode: 'lightning' }, key: string) =>
    t.req('/v1/humanize', { body, headers: { authorization: `Bearer ${secret}`, 'idempotency-key': key } });
  /** A claim as a request that died mid-way leaves it: no answer stored. */
  const deadClaim = (key: string, body: unknown, at: Date) =>
    t.deps.db.insert(api_idempotency).values({
      user_id: u.id,
      key,
      // The fingerprint of the parsed request, with its defaults, as the route makes it.
      request_hash: requestFingerprint('POST', '/v1/humanize', { ...(body as object), useSecondPrompt: false }),
      created_at: at,
    });

  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
    u = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 10_000 })
      .where(eq(subscribers.user_id, u.id));
    const r = await testClient(t.app).api['api-keys'].$post({ json: { name: 'k' } }, { headers: { cookie: u.cookie } });
    secret = (await r.json()).secret;
  });
  afterAll(async () => t.close());

  it('is still running (409) within the hold, and taken over (run and charged once) after it', async () => {
    const body = { text: words(60), mode: 'lightning' as const };
    const hold = reservationHoldMs(t.deps.env.ENGINE_TIMEOUT_MS);
    await deadClaim('dead-recent', body, new Date(Date.now() - 1_000));
    await deadClaim('dead-old', body, new Date(Date.now() - hold - 1_000));
    const recent = await humanize(body, 'dead-recent');
    expect(recent.status).toBe(409);
    expect(apiErrorResponse.parse(await recent.json()).error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(await balance()).toBe(10_000);

    const old = await humanize(body, 'dead-old');
    expect(old.status).toBe(200);
    const out = apiHumanizeResponse.parse(await old.json());
    expect(out.words_charged).toBe(60);
    expect(await balance()).toBe(10_000 - 60);
    // The key now holds this answer: a retry replays it, charged nothing more.
    const again = await humanize(body, 'dead-old');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(apiHumanizeResponse.parse(await again.json())).toEqual(out);
    expect(await balance()).toBe(10_000 - 60);
  });

  it('gives back the rewrite the dead request had stored, without running or charging again', async () => {
    const body = { text: words(55, 'x'), mode: 'lightning' as const };
    const claimedAt = new Date(Date.now() - reservationHoldMs(t.deps.env.ENGINE_TIMEOUT_MS) - 5_000);
    await deadClaim('died-after-save', body, claimedAt);
    const [stored] = await t.deps.db
      .insert(transformations)
      .values({
        user_id: u.id,
        original_text: body.text,
        transformed_text: `${body.text} (rewritten)`,
        mode: 'lightning',
        words_charged: 55,
        engine: 'local',
        created_at: new Date(claimedAt.getTime() + 1_000),
      })
      .returning({ id: transformations.id });
    const before = await balance();
    const r = await humanize(body, 'died-after-save');
    expect(r.status).toBe(200);
    expect(apiHumanizeResponse.parse(await r.json())).toMatchObject({
      transformation_id: stored!.id,
      humanized_text: `${body.text} (rewritten)`,
      words_charged: 55,
      saved: true,
    });
    expect(await balance()).toBe(before);
  });
});
