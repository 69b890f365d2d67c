import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { DEBUG_LOG_PAGE_SIZE } from '@plainspoken/shared';
import { createTestProduct, DB_KINDS, type TestProduct } from '../../test/harness';
import { subscribers, transformations, user, webhook_debug_logs } from '../../db/schema';
import { dayRange } from './admin.service';

const ADMIN = 'admin@example.com';
const DAY = 86_400_000;

describe.each(DB_KINDS)('admin endpoints (%s)', (kind) => {
  let t: TestProduct;
  let admin: { cookie: string; id: string; email: string };
  let member: { cookie: string; id: string; email: string };

  beforeAll(async () => {
    t = await createTestProduct({ kind, env: { ADMIN_EMAILS: `${ADMIN}, boss@example.com` } });
    admin = await t.newUser(ADMIN);
    member = await t.newUser('member@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const adminApi = () => testClient(t.app).api.admin;
  type Call = (headers: Record<string, string>) => Promise<Response>;
  const endpoints: { method: string; path: string; call: Call }[] = [
    {
      method: 'GET',
      path: '/api/admin/webhook-logs',
      call: (headers) => adminApi()['webhook-logs'].$get({}, { headers }),
    },
    {
      method: 'DELETE',
      path: '/api/admin/webhook-logs',
      call: (headers) => adminApi()['webhook-logs'].$delete({}, { headers }),
    },
    {
      method: 'GET',
      path: `/api/admin/subscriber?email=${encodeURIComponent(ADMIN)}`,
      call: (headers) => adminApi().subscriber.$get({ query: { email: ADMIN } }, { headers }),
    },
    {
      method: 'GET',
      path: '/api/admin/overview',
      call: (headers) => adminApi().overview.$get({ query: {} }, { headers }),
    },
  ];

  it.each(endpoints)('$method $path: 401 signed out, 403 for a member, 200 for an admin', async ({ call }) => {
    const out = await call({});
    expect(out.status).toBe(401);
    expect(await out.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    const no = await call({ cookie: member.cookie });
    expect(no.status).toBe(403);
    expect(await no.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const yes = await call({ cookie: admin.cookie });
    expect(yes.status).toBe(200);
  });

  it('accepts the session token as a bearer header (what the diagnostics pages send)', async () => {
    // better-auth's own route: the session comes back typed by the auth instance's API instead.
    const session = await t.deps.auth.api.getSession({ headers: new Headers({ cookie: admin.cookie }) });
    const token = session?.session.token;
    expect(token).toEqual(expect.any(String));
    const logs = adminApi()['webhook-logs'];
    const res = await logs.$get({}, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const bad = await logs.$get({}, { headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.status).toBe(401);
  });

  it('lists the newest 20 logs by processed_at, then clears them all', async () => {
    const base = Date.now() - 60 * DAY;
    // Inserted out of order so the answer's order can only come from processed_at.
    const rows = Array.from({ length: 25 }, (_, i) => ({
      event_type: `event_${i}`,
      success: i % 3 !== 0,
      processed_at: new Date(base + ((i * 7) % 25) * 60_000),
      error_message: i % 3 === 0 ? 'boom' : null,
      raw_payload: { n: i, nested: { ok: true } },
    }));
    await t.deps.db.insert(webhook_debug_logs).values(rows);

    const headers = { cookie: admin.cookie };
    const res = await adminApi()['webhook-logs'].$get({}, { headers });
    const { logs } = await res.json();
    expect(logs).toHaveLength(DEBUG_LOG_PAGE_SIZE);
    const times = logs.map((l) => Date.parse(l.processed_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const expected = rows
      .map((r) => r.processed_at.getTime())
      .sort((a, b) => b - a)
      .slice(0, 20);
    expect(times).toEqual(expected);
    expect(logs[0]).toMatchObject({
      success: expect.any(Boolean) as unknown,
      event_type: expect.stringMatching(/^event_/) as unknown,
    });
    expect(logs.find((l) => l.error_message === 'boom')?.raw_payload).toMatchObject({ nested: { ok: true } });

    const del = await adminApi()['webhook-logs'].$delete({}, { headers });
    expect(await del.json()).toEqual({ deleted: 25 });
    const after = await (await adminApi()['webhook-logs'].$get({}, { headers })).json();
    expect(after.logs).toEqual([]);
    // Clearing twice is harmless.
    expect(await (await adminApi()['webhook-logs'].$delete({}, { headers })).json()).toEqual({ deleted: 0 });
  });

  it('finds a subscriber by email, case-insensitively, and answers null for an unknown one', async () => {
    await testClient(t.app).api.subscription.$get({}, { headers: { cookie: member.cookie } });
    const headers = { cookie: admin.cookie };
    const res = await adminApi().subscriber.$get({ query: { email: 'MEMBER@example.com' } }, { headers });
    expect(res.status).toBe(200);
    const { subscriber } = await res.json();
    expect(subscriber).toMatchObject({
      email: 'member@example.com',
      user_id: member.id,
      subscription_tier: 'FREE',
      subscribed: false,
      monthly_word_balance: 250,
    });
    expect(subscriber?.subscription_cancelled_at).toBeNull();
    const none = await adminApi().subscriber.$get({ query: { email: 'nobody@example.com' } }, { headers });
    expect(await none.json()).toEqual({ subscriber: null });
  });

  it.each([
    ['/api/admin/subscriber', 'missing email'],
    ['/api/admin/subscriber?email=', 'empty email'],
    ['/api/admin/subscriber?email=not-an-email', 'not an email'],
    ['/api/admin/overview?days=0', 'zero days'],
    ['/api/admin/overview?days=500', 'too many days'],
    ['/api/admin/overview?days=abc', 'days not a number'],
  ])('%s answers 400 (%s)', async (path) => {
    // Malformed queries on purpose, which the typed client would not build.
    const res = await t.req(path, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION' } });
  });

  it('a bad input from a non-admin is still refused before it is read', async () => {
    expect((await t.req('/api/admin/overview?days=abc', { cookie: member.cookie })).status).toBe(403);
  });

  it('builds the 30-day overview from seeded rows', async () => {
    const now = new Date();
    const range = dayRange(now, 30);
    const today = range[29]!;
    const twoDaysAgo = range[27]!;
    const db = t.deps.db;

    // Sign-ups: the two accounts made above (today) plus one backdated 2 days and one outside the window.
    const older = await t.newUser('older@example.com');
    const ancient = await t.newUser('ancient@example.com');
    await db
      .update(user)
      .set({ createdAt: new Date(now.getTime() - 2 * DAY) })
      .where(eq(user.id, older.id));
    await db
      .update(user)
      .set({ createdAt: new Date(now.getTime() - 45 * DAY) })
      .where(eq(user.id, ancient.id));

    // Tiers: member is Pro and active; older is Basic but its cancellation ended, so it counts as FREE.
    for (const u of [admin, member, older, ancient])
      await testClient(t.app).api.subscription.$get({}, { headers: { cookie: u.cookie } });
    await db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true })
      .where(eq(subscribers.user_id, member.id));
    await db
      .update(subscribers)
      .set({ subscription_tier: 'Basic', subscribed: true, cancellation_end_date: new Date(now.getTime() - DAY) })
      .where(eq(subscribers.user_id, older.id));
    await db
      .update(subscribers)
      .set({
        subscription_tier: 'Ultra',
        subscribed: true,
        subscription_cancelled_at: new Date(),
        cancellation_end_date: new Date(now.getTime() + 5 * DAY),
      })
      .where(eq(subscribers.user_id, ancient.id));

    await db.insert(transformations).values([
      { user_id: member.id, original_text: 'a', transformed_text: 'b', words_charged: 120, created_at: now },
      { user_id: member.id, original_text: 'a', transformed_text: 'b', words_charged: 80, created_at: now },
      {
        user_id: older.id,
        original_text: 'a',
        transformed_text: 'b',
        words_charged: 55,
        created_at: new Date(now.getTime() - 2 * DAY),
      },
      {
        user_id: older.id,
        original_text: 'a',
        transformed_text: 'b',
        words_charged: 999,
        created_at: new Date(now.getTime() - 40 * DAY),
      },
    ]);
    await db.delete(webhook_debug_logs);
    await db.insert(webhook_debug_logs).values([
      { event_type: 'subscription.updated', success: false, processed_at: now, error_message: 'x' },
      {
        event_type: 'subscription.updated',
        success: false,
        processed_at: new Date(now.getTime() - 2 * DAY),
        error_message: 'y',
      },
      {
        event_type: 'subscription.updated',
        success: false,
        processed_at: new Date(now.getTime() - 2 * DAY),
        error_message: 'z',
      },
      { event_type: 'subscription.created', success: true, processed_at: now },
      { event_type: 'subscription.updated', success: false, processed_at: new Date(now.getTime() - 31 * DAY) },
    ]);

    const headers = { cookie: admin.cookie };
    const res = await adminApi().overview.$get({ query: {} }, { headers });
    expect(res.status).toBe(200);
    const o = await res.json();
    expect(o.days).toBe(30);
    expect(o.from).toBe(range[0]);
    expect(o.to).toBe(today);
    for (const series of [o.signUps, o.wordsHumanized, o.webhookFailures]) {
      expect(series.map((p) => p.day)).toEqual(range);
    }
    const at = (series: { day: string; value: number }[], day: string) => series.find((p) => p.day === day)?.value;
    // The dates straddle midnight UTC only if the test runs exactly then; both days are checked as a sum.
    const todayAndBefore = (series: { day: string; value: number }[]) =>
      series.slice(-2).reduce((a, p) => a + p.value, 0);
    expect(todayAndBefore(o.signUps)).toBe(2);
    expect(at(o.signUps, twoDaysAgo)).toBe(1);
    expect(o.totals.signUps).toBe(3);
    expect(o.totals.users).toBe(4);
    expect(todayAndBefore(o.wordsHumanized)).toBe(200);
    expect(at(o.wordsHumanized, twoDaysAgo)).toBe(55);
    expect(o.totals.wordsHumanized).toBe(255);
    expect(todayAndBefore(o.webhookFailures)).toBe(1);
    expect(at(o.webhookFailures, twoDaysAgo)).toBe(2);
    expect(o.totals.webhookFailures).toBe(3);
    expect(o.totals.webhookEvents).toBe(4);
    expect(o.activeByTier).toEqual({ FREE: 2, Basic: 0, Pro: 1, Ultra: 1 });

    const week = await (await adminApi().overview.$get({ query: { days: '7' } }, { headers })).json();
    expect(week.signUps).toHaveLength(7);
    expect(week.totals.wordsHumanized).toBe(255);
  });
});

describe('dayRange', () => {
  it('ends today in UTC and goes back one day at a time', () => {
    expect(dayRange(new Date('2026-03-02T23:30:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(dayRange(new Date('2026-03-02T00:00:00Z'), 1)).toEqual(['2026-03-02']);
  });
});
