import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from 'hono/testing';
import { apiErrorResponse, apiHumanizeResponse, type HumanizeInput } from '@plainspoken/shared';
import { api_idempotency, transformations } from '../../db/schema';
import { reservationHoldMs } from '../../domain/word-ledger';
import { requestFingerprint } from '../../lib/idempotency';
import { createTestProduct, inlineEngine, type TestProduct } from '../../test/harness';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 37}`).join(' ');
const balance = async (t: TestProduct, cookie: string) =>
  (await (await testClient(t.app).api.subscription.$get({}, { headers: { cookie } })).json()).currentBalance;
/** POST /api/functions/humanize-text through the typed client, with the caller's cookie and any extra headers. */
const humanize = (t: TestProduct, json: HumanizeInput, cookie: string, headers: Record<string, string> = {}) =>
  testClient(t.app).api.functions['humanize-text'].$post({ json }, { headers: { ...headers, cookie } });

describe('humanize-text with an Idempotency-Key (one per click)', () => {
  let t: TestProduct;
  beforeAll(async () => {
    // Rate limits on: a retry of the same click must not be refused by the per-user rewrite limit either.
    t = await createTestProduct({ engine: inlineEngine({ delayMs: 150 }) });
  });
  afterAll(async () => t.close());

  it('a retry with the same key gets the first answer and is charged once; another body with the key is refused', async () => {
    const u = await t.newUser();
    const body: HumanizeInput = { text: words(60), mode: 'lightning', useSecondPrompt: false };
    const headers = { 'idempotency-key': 'web-click-1' };
    const first = await humanize(t, body, u.cookie, headers);
    expect(first.status).toBe(200);
    // humanize-text answers with a prepared JSON string, so its type comes from the shared response schema.
    const out = apiHumanizeResponse.parse(await first.clone().json());
    expect(out.remaining_balance).toBe(190);
    const retry = await humanize(t, body, u.cookie, headers);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(await first.json());
    // The streamed variant replays the same stored answer as its result event.
    const streamed = await humanize(t, body, u.cookie, { ...headers, accept: 'text/event-stream' });
    expect(await streamed.text()).toContain(`"transformation_id":"${out.transformation_id}"`);
    expect(await balance(t, u.cookie)).toBe(190);
    const other = await humanize(t, { ...body, text: words(70) }, u.cookie, headers);
    expect(other.status).toBe(422);
    expect(apiErrorResponse.parse(await other.json()).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balance(t, u.cookie)).toBe(190);
  });

  it('simultaneous copies of one click run once: one 200, the rest 409 with Retry-After, one charge', async () => {
    const u = await t.newUser();
    const body: HumanizeInput = { text: words(55), mode: 'lightning', useSecondPrompt: false };
    const headers = { 'idempotency-key': 'web-click-race' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => humanize(t, body, u.cookie, headers)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(answers.find((r) => r.status === 409)?.headers.get('retry-after')).toBe('1');
    expect(await balance(t, u.cookie)).toBe(250 - 55);
    // Once done, a late copy gets the answer.
    expect((await humanize(t, body, u.cookie, headers)).status).toBe(200);
    expect(await balance(t, u.cookie)).toBe(250 - 55);
  });

  it('refuses a malformed key with a 400 that names it, and a failed rewrite releases its key', async () => {
    const u = await t.newUser();
    const bad = await humanize(t, { text: words(60), mode: 'lightning', useSecondPrompt: false }, u.cookie, {
      'idempotency-key': 'has space',
    });
    expect(bad.status).toBe(400);
    expect(apiErrorResponse.parse(await bad.json()).error.message).toMatch(/Idempotency-Key/);
    // Too few words: refused, key released, so the fixed request with the same key runs.
    const headers = { 'idempotency-key': 'web-click-fix' };
    const short = await humanize(t, { text: words(5), mode: 'lightning', useSecondPrompt: false }, u.cookie, headers);
    expect(short.status).toBe(400);
    const fixed = await humanize(t, { text: words(5), mode: 'lightning', useSecondPrompt: false }, u.cookie, headers);
    // Refused again on its own merits (the words, or the per-user rewrite limit), not held by the key.
    expect([400, 429]).toContain(fixed.status);
    expect(apiErrorResponse.parse(await fixed.json()).error.code).not.toMatch(/^IDEMPOTENCY_/);
  });

  it('a claim left unanswered by a process that died is taken over after the reservation hold, not before', async () => {
    const u = await t.newUser();
    const body: HumanizeInput = { text: words(50), mode: 'lightning', useSecondPrompt: false };
    const fingerprint = requestFingerprint('POST', '/api/functions/humanize-text', body);
    const claim = (ageMs: number) =>
      t.deps.db.insert(api_idempotency).values({
        user_id: u.id,
        key: `dead-${ageMs}`,
        request_hash: fingerprint,
        created_at: new Date(Date.now() - ageMs),
      });
    const hold = reservationHoldMs(t.deps.env.ENGINE_TIMEOUT_MS);
    await claim(1_000);
    await claim(hold + 1_000);
    const fresh = await humanize(t, body, u.cookie, { 'idempotency-key': 'dead-1000' });
    expect(fresh.status).toBe(409);
    const stale = await humanize(t, body, u.cookie, { 'idempotency-key': `dead-${hold + 1_000}` });
    expect(stale.status).toBe(200);
    expect(await balance(t, u.cookie)).toBe(200);
  });

  it('taking over a claim whose process died after storing its result gives that result back, uncharged again', async () => {
    const u = await t.newUser();
    const body: HumanizeInput = { text: words(50), mode: 'lightning', useSecondPrompt: false };
    const hold = reservationHoldMs(t.deps.env.ENGINE_TIMEOUT_MS);
    const claimedAt = new Date(Date.now() - hold - 5_000);
    await t.deps.db.insert(api_idempotency).values({
      user_id: u.id,
      key: 'died-after-save',
      request_hash: requestFingerprint('POST', '/api/functions/humanize-text', body),
      created_at: claimedAt,
    });
    // What the dead request stored (and was charged for) before it could answer.
    const [stored] = await t.deps.db
      .insert(transformations)
      .values({
        user_id: u.id,
        original_text: body.text,
        transformed_text: `${body.text} (rewritten)`,
        mode: 'lightning',
        words_charged: 50,
        engine: 'local',
        created_at: new Date(claimedAt.getTime() + 1_000),
      })
      .returning({ id: transformations.id });
    const r = await humanize(t, body, u.cookie, { 'idempotency-key': 'died-after-save' });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ transformation_id: stored!.id, saved: true, words_charged: 50 });
    expect(await balance(t, u.cookie)).toBe(250); // this test's ledger row was written by hand: nothing new charged
    const again = await humanize(t, body, u.cookie, { 'idempotency-key': 'died-after-save' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});
