import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/rate-limit';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';
import { REFUSALS_KEPT_PER_MINUTE, REFUSAL_BODY_CHARS } from './webhooks/delivery-log';
import { WEBHOOK_REFUSALS_PER_MINUTE } from './webhooks/ip-limit';
import { envelope, signPaddle, subscriptionData } from './payments/paddle-events';

const SECRET = 'plainspoken-sandbox-webhook-secret';

async function logFigures(t: TestProduct): Promise<{ rows: number; bytes: number }> {
  const r = rowsOf<{ rows: string | number; bytes: string | number | null }>(
    await t.deps.db.execute(
      sql`SELECT count(*) AS rows, sum(octet_length(raw_payload::text) + octet_length(coalesce(error_message, ''))) AS bytes FROM webhook_debug_logs`,
    ),
  )[0]!;
  return { rows: Number(r.rows), bytes: Number(r.bytes ?? 0) };
}

function post(t: TestProduct, body: string, ip: string, signature?: string): Promise<Response> {
  return t.req('/api/functions/payment-webhook', {
    rawBody: body,
    ip,
    headers: { 'content-type': 'application/json', ...(signature ? { 'paddle-signature': signature } : {}) },
  });
}

describe.each(DB_KINDS)('unsigned and forged webhook posts (%s)', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind });
  });
  afterAll(async () => t.close());

  it('200 bad posts from one address add a bounded amount to the log and get 429 after the limit', async () => {
    const before = await logFigures(t);
    const junk = JSON.stringify({ event_type: 'subscription.created', data: { pad: 'x'.repeat(60_000) } });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 200; i++) {
      const r = await post(t, junk, '203.0.113.7', i % 2 ? 'ts=1;h1=forged' : undefined);
      statuses.push(r.status);
      if (r.status === 429) retryAfter ??= r.headers.get('retry-after');
    }
    const after = await logFigures(t);
    expect(statuses.slice(0, WEBHOOK_REFUSALS_PER_MINUTE).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(WEBHOOK_REFUSALS_PER_MINUTE).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(after.rows - before.rows).toBeLessThanOrEqual(REFUSALS_KEPT_PER_MINUTE);
    // Each stored refusal keeps at most a few KB of its 60 KB body.
    expect(after.bytes - before.bytes).toBeLessThan(REFUSALS_KEPT_PER_MINUTE * (REFUSAL_BODY_CHARS + 600));
  });

  it('refusals from many addresses are sampled: a bounded number stored, the rest counted and reported', async () => {
    await t.deps.db.execute(sql`DELETE FROM webhook_debug_logs`);
    await t.deps.db.execute(sql`DELETE FROM rate_limit WHERE key = 'pl:webhook-refusals'`);
    for (let i = 0; i < 120; i++) {
      const r = await post(t, `{"event_type":"x","n":${i}}`, `198.51.100.${i}`);
      expect(r.status).toBe(401);
    }
    expect((await logFigures(t)).rows).toBe(REFUSALS_KEPT_PER_MINUTE);
    // The minute passes (the counter's window is moved back); the next stored refusal reports the others.
    await t.deps.db.execute(
      sql`UPDATE rate_limit SET last_request = last_request - 61000 WHERE key = 'pl:webhook-refusals'`,
    );
    expect((await post(t, '{}', '198.51.100.250')).status).toBe(401);
    const newest = rowsOf<{ error_message: string }>(
      await t.deps.db.execute(sql`SELECT error_message FROM webhook_debug_logs ORDER BY processed_at DESC LIMIT 1`),
    )[0]!;
    expect(newest.error_message).toContain(
      `${120 - REFUSALS_KEPT_PER_MINUTE} more refusals in the previous minute were counted but not stored`,
    );
  });

  it('the provider’s signed deliveries pass even from the address the abuser got limited', async () => {
    const u = await t.newUser();
    const ev = envelope(
      'subscription.created',
      subscriptionData({
        id: `sub_abuse_${kind}`,
        customerId: `ctm_abuse_${kind}`,
        status: 'active',
        priceId: 'pri_sandbox_pro_monthly',
        tier: 'Pro',
        period: 'monthly',
        periodStart: new Date(),
        periodEnd: new Date(Date.now() + 30 * 86_400_000),
        userId: u.id,
      }),
      new Date(),
    );
    const raw = JSON.stringify(ev);
    // The signature is checked before any refusal counting: junk posted "from" the provider's address
    // cannot lock its signed deliveries out, while that address's unsigned posts stay refused.
    expect((await post(t, '{}', '203.0.113.7')).status).toBe(429);
    const ok = await post(t, raw, '203.0.113.7', signPaddle(raw, SECRET));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ applied: true });
  });
});
