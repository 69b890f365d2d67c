/**
 * The back-to-school offer's 48 hours are kept per account on the server: every browser shows the same
 * end, the window starts once, and the code is refused after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTIONS, apiErrorResponse, type PromotionsState } from '@plainspoken/shared';
import { createTestProduct, type TestProduct } from '../../test/harness';
import { backToSchoolEnded } from './promotions';

const HOUR = 3_600_000;

describe('the back-to-school window on the server', () => {
  let t: TestProduct;
  let clock = Date.parse('2026-09-01T10:00:00Z');
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' }, now: () => new Date(clock) });
  });
  afterAll(async () => t.close());

  const state = async (cookie: string) => {
    const r = await t.req('/api/promotions', { cookie });
    expect(r.status).toBe(200);
    return (await r.json()) as PromotionsState;
  };
  const startIn = async (cookie: string) => {
    const r = await t.req('/api/promotions/back-to-school', { method: 'POST', cookie });
    expect(r.status, await r.clone().text()).toBe(200);
    return (await r.json()) as PromotionsState;
  };
  const checkout = (cookie: string) =>
    t.req('/api/functions/create-checkout', {
      body: { planTier: 'Pro', billingPeriod: 'monthly', discountCode: PROMOTIONS.backToSchool.code },
      cookie,
    });

  it('starts once per account, the same end in every browser, and refuses the code after it', async () => {
    const u = await t.newUser();
    expect((await state(u.cookie)).backToSchool).toBeNull();
    const first = await startIn(u.cookie);
    const end = new Date(clock + PROMOTIONS.backToSchool.durationMs).toISOString();
    expect(first.backToSchool).toEqual({ startedAt: new Date(clock).toISOString(), endsAt: end });
    // Another browser, a day later: the same window, not a new one.
    clock += 24 * HOUR;
    const other = await t.req('/api/auth/sign-in/email', { body: { email: u.email, password: 'password123' } });
    const cookie2 = other.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await startIn(cookie2)).backToSchool?.endsAt).toBe(end);
    expect((await state(cookie2)).backToSchool?.endsAt).toBe(end);
    // Within the window the code is accepted.
    expect((await checkout(u.cookie)).status).toBe(200);
    // At the end it is refused with a reason (and trying again does not restart anything).
    clock = Date.parse(end);
    const late = await checkout(u.cookie);
    expect(late.status).toBe(400);
    expect(apiErrorResponse.parse(await late.json()).error.message).toBe(
      backToSchoolEnded(PROMOTIONS.backToSchool.code),
    );
    expect((await startIn(u.cookie)).backToSchool?.endsAt).toBe(end);
  });

  it('starts the window when the code is first tried, so it cannot be kept fresh by never showing the offer', async () => {
    const u = await t.newUser();
    expect((await checkout(u.cookie)).status).toBe(200);
    const w = (await state(u.cookie)).backToSchool;
    expect(w?.startedAt).toBe(new Date(clock).toISOString());
    clock += 49 * HOUR;
    expect((await checkout(u.cookie)).status).toBe(400);
  });

  it('answers a signed-out caller with 401', async () => {
    expect((await t.req('/api/promotions/back-to-school', { method: 'POST' })).status).toBe(401);
  });
});
