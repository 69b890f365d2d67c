/**
 * The sandbox's hosted pages (mounted at /sandbox by billing's router): a checkout and a billing
 * portal, server-rendered and marked TEST MODE. Each page needs the signed-in owner of the link; each
 * action is a Paddle-shaped event signed with SANDBOX_WEBHOOK_SECRET and handed to the same webhook
 * pipeline Paddle's deliveries go through.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { isPaidTier, PRODUCT_NAME, type BillingPeriod, type PaidTier } from '@plainspoken/shared';
import { addMonths, effectiveTier, loadSubscriber, type SubscriberRow } from '../../../domain/subscribers';
import { createRouter, type AppEnv } from '../../../lib/context';
import { getSessionUser, type SessionUser } from '../../../lib/session';
import {
  envelope,
  signPaddle,
  subscriptionData,
  transactionData,
  type PaddleEventEnvelope,
} from '../payments/paddle-events';
import { readSession, sandboxCustomerId, sandboxPriceId, type SandboxSession } from '../payments/sandbox';
import type { PaymentProvider } from '../payments/types';
import { checkPromoCode, codeOfPeriod } from '../promotions';
import { receiveSignedWebhook } from '../webhooks/receive';
import { checkoutPage, portalPage, problemPage, type CurrentPlan } from './pages';

type Extra = { payments: PaymentProvider };
type C = Context<AppEnv<Extra>>;

function problem(c: C, status: 400 | 401 | 403 | 404, title: string, text: string) {
  return c.html(problemPage(title, text), status);
}

type Gate = { ok: true; user: SessionUser; session: SandboxSession; token: string } | { ok: false; res: Response };

/** The link must be genuine and unexpired, and belong to whoever is signed in. */
async function gate(c: C, token: string | undefined, kind: SandboxSession['kind'], post: boolean): Promise<Gate> {
  const { env, payments } = c.var.deps;
  if (payments.kind !== 'sandbox')
    return { ok: false, res: await problem(c, 404, 'Not available', 'Payments go through the configured provider.') };
  if (post) {
    const origin = c.req.header('origin');
    if ((origin && origin !== new URL(env.BASE_URL).origin) || c.req.header('sec-fetch-site') === 'cross-site')
      return { ok: false, res: await problem(c, 403, 'Request refused', 'This action must come from this site.') };
  }
  // Links expire by wall-clock time: the test clock moves the product's business time only.
  const session = readSession(env, token, Date.now());
  if (!session || session.kind !== kind || !token)
    return {
      ok: false,
      res: await problem(
        c,
        400,
        'Link expired',
        'This link is invalid or has expired. Start again from your account or the pricing page.',
      ),
    };
  const user = await getSessionUser(c);
  if (!user)
    return {
      ok: false,
      res: await problem(
        c,
        401,
        'Please sign in',
        `Sign in to ${PRODUCT_NAME} in this browser, then open the link again.`,
      ),
    };
  if (user.id !== session.userId)
    return { ok: false, res: await problem(c, 403, 'Not your session', 'This link belongs to another account.') };
  return { ok: true, user, session, token };
}

type Fields = { session?: string; plan?: string; code?: string };

/** The posted form's fields, or the 400 page for a body that is not a readable form (a broken multipart). */
async function formFields(c: C): Promise<Fields | Response> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    return problem(c, 400, 'Form not readable', 'The form could not be read. Go back and submit it again.');
  }
  return {
    session: typeof body.session === 'string' ? body.session : undefined,
    plan: typeof body.plan === 'string' ? body.plan : undefined,
    code: typeof body.code === 'string' ? body.code.slice(0, 40) : undefined,
  };
}

/** The code typed on the checkout page (or carried from pricing), checked for this user. */
async function codeOf(
  c: C,
  userId: string,
  typed: string | undefined,
): Promise<{ applied: { code: string; discountId: string } | null; error: string | null }> {
  const t = (typed ?? '').trim();
  if (!t) return { applied: null, error: null };
  const check = await checkPromoCode(c.var.deps, userId, t);
  return check.ok
    ? { applied: { code: check.promo.code, discountId: check.discountId }, error: null }
    : { applied: null, error: check.message };
}

async function deliver(c: C, events: PaddleEventEnvelope[]): Promise<void> {
  const { deps } = c.var;
  for (const ev of events) {
    const raw = JSON.stringify(ev);
    await receiveSignedWebhook(deps, raw, signPaddle(raw, deps.env.SANDBOX_WEBHOOK_SECRET));
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 24);

function currentOf(row: SubscriberRow, userId: string, now: Date): CurrentPlan | null {
  const tier = effectiveTier(row, now);
  if (!isPaidTier(tier)) return null;
  const period: BillingPeriod = row.billing_period === 'yearly' ? 'yearly' : 'monthly';
  const periodEnd = row.subscription_end ?? addMonths(now, 1);
  return {
    subId: row.paddle_subscription_id ?? `sub_sandbox_${userId}`,
    customerId: row.paddle_customer_id ?? sandboxCustomerId(userId),
    tier,
    period,
    periodStart: addMonths(periodEnd, period === 'monthly' ? -1 : -12),
    periodEnd,
  };
}

function subscriptionUpdated(
  c: C,
  userId: string,
  cur: CurrentPlan,
  change: { tier?: PaidTier; period?: BillingPeriod; cancelAt: Date | null },
): PaddleEventEnvelope {
  const tier = change.tier ?? cur.tier;
  const period = change.period ?? cur.period;
  return envelope(
    'subscription.updated',
    subscriptionData({
      id: cur.subId,
      customerId: cur.customerId,
      status: 'active',
      priceId: sandboxPriceId(tier, period),
      tier,
      period,
      periodStart: cur.periodStart,
      periodEnd: cur.periodEnd,
      userId,
      scheduledCancelAt: change.cancelAt,
    }),
    c.var.deps.now(),
  );
}

async function portalContext(c: C, token: string | undefined) {
  const g = await gate(c, token, 'portal', true);
  if (!g.ok) return g;
  const now = c.var.deps.now();
  const row = await loadSubscriber(c.var.deps.db, g.user, now);
  return { ...g, row, cur: currentOf(row, g.user.id, now) };
}

const toPortal = (c: C, token: string, done: string) =>
  c.redirect(`/sandbox/portal?session=${encodeURIComponent(token)}&done=${done}`, 303);

export const sandboxRoutes = createRouter<Extra>()
  .get('/checkout', async (c) => {
    const g = await gate(c, c.req.query('session'), 'checkout', false);
    if (!g.ok) return g.res;
    const s = g.session as Extract<SandboxSession, { kind: 'checkout' }>;
    // ?code= is the checkout page's own "Apply" (a GET form); without it, the code chosen on pricing.
    const typed = c.req.query('code') ?? s.code;
    const { applied, error } = await codeOf(c, g.user.id, typed?.slice(0, 40));
    return c.html(
      checkoutPage(s, g.token, { applied: applied?.code ?? null, typed: typed ?? '', error }),
      error ? 400 : 200,
    );
  })
  .post('/checkout/pay', async (c) => {
    const form = await formFields(c);
    if (form instanceof Response) return form;
    const g = await gate(c, form.session, 'checkout', true);
    if (!g.ok) return g.res;
    const s = g.session as Extract<SandboxSession, { kind: 'checkout' }>;
    const { applied, error } = await codeOf(c, g.user.id, form.code);
    if (error) return c.html(checkoutPage(s, g.token, { applied: null, typed: form.code ?? '', error }), 400);
    const now = c.var.deps.now();
    // Ids derive from the link, so paying twice with one link applies once (the events repeat).
    const key = digest(g.token);
    const periodEnd = addMonths(now, s.period === 'monthly' ? 1 : 12);
    const common = {
      customerId: sandboxCustomerId(g.user.id),
      priceId: sandboxPriceId(s.tier, s.period),
      tier: s.tier,
      period: s.period,
      periodStart: now,
      periodEnd,
      userId: g.user.id,
    };
    await deliver(c, [
      envelope(
        'subscription.created',
        subscriptionData({ ...common, id: `sub_sandbox_${key}`, status: 'active' }),
        now,
        `evt_sandbox_${key}_sub`,
      ),
      envelope(
        'transaction.completed',
        transactionData({
          ...common,
          id: `txn_sandbox_${key}`,
          subscriptionId: `sub_sandbox_${key}`,
          origin: 'web',
          discountId: applied?.discountId ?? null,
        }),
        now,
        `evt_sandbox_${key}_txn`,
      ),
    ]);
    return c.redirect(`/profile?checkout=success&tier=${encodeURIComponent(s.tier)}`, 303);
  })
  .post('/checkout/cancel', async (c) => {
    const form = await formFields(c);
    if (form instanceof Response) return form;
    const g = await gate(c, form.session, 'checkout', true);
    if (!g.ok) return g.res;
    return c.redirect('/pricing', 303);
  })
  .get('/portal', async (c) => {
    const g = await gate(c, c.req.query('session'), 'portal', false);
    if (!g.ok) return g.res;
    const now = c.var.deps.now();
    const row = await loadSubscriber(c.var.deps.db, g.user, now);
    const cur = currentOf(row, g.user.id, now);
    const code = cur ? await codeOfPeriod(c.var.deps.db, g.user.id, cur.periodStart) : null;
    return c.html(portalPage(row, cur, g.token, c.req.query('done'), code));
  })
  .post('/portal/cancel', async (c) => {
    const form = await formFields(c);
    if (form instanceof Response) return form;
    const p = await portalContext(c, form.session);
    if (!p.ok) return p.res;
    if (!p.cur) return problem(c, 400, 'No paid subscription', 'There is nothing to cancel on this account.');
    await deliver(c, [subscriptionUpdated(c, p.user.id, p.cur, { cancelAt: p.cur.periodEnd })]);
    return toPortal(c, p.token, 'cancelled');
  })
  .post('/portal/resume', async (c) => {
    const form = await formFields(c);
    if (form instanceof Response) return form;
    const p = await portalContext(c, form.session);
    if (!p.ok) return p.res;
    if (!p.cur) return problem(c, 400, 'No paid subscription', 'There is nothing to resume on this account.');
    await deliver(c, [subscriptionUpdated(c, p.user.id, p.cur, { cancelAt: null })]);
    return toPortal(c, p.token, 'resumed');
  })
  .post('/portal/change', async (c) => {
    const form = await formFields(c);
    if (form instanceof Response) return form;
    const p = await portalContext(c, form.session);
    if (!p.ok) return p.res;
    if (!p.cur) return problem(c, 400, 'No paid subscription', 'Choose a plan on the pricing page instead.');
    const [tier, period] = (form.plan ?? '').split(':');
    if (!isPaidTier(tier) || (period !== 'monthly' && period !== 'yearly'))
      return problem(c, 400, 'Unknown plan', 'Pick one of the plans in the list.');
    await deliver(c, [
      subscriptionUpdated(c, p.user.id, p.cur, { tier, period, cancelAt: p.row.cancellation_end_date }),
    ]);
    return toPortal(c, p.token, 'changed');
  });
