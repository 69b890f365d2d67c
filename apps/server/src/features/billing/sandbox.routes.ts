/**
 * The sandbox's hosted pages: a checkout and a billing portal, server-rendered and marked TEST MODE.
 * Each page needs the signed-in owner of the link; each action is a Paddle-shaped event signed with
 * SANDBOX_WEBHOOK_SECRET and handed to the same webhook pipeline Paddle's deliveries go through.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { PAID_TIERS, BILLING_PERIODS, PRODUCT_NAME, TIER_LIMITS, isPaidTier, periodPrice, type BillingPeriod, type PaidTier } from '@plainspoken/shared';
import type { AppEnv } from '../../app';
import { getSessionUser, type SessionUser } from '../../auth/guards';
import { addMonths, effectiveTier, loadSubscriber, type SubscriberRow } from '../subscription/subscription.service';
import { envelope, signPaddle, subscriptionData, transactionData, type PaddleEventEnvelope } from './paddle-events';
import { paymentProvider } from './provider';
import { readSession, sandboxCustomerId, sandboxPriceId, type SandboxSession } from './sandbox.provider';
import { receiveSignedWebhook } from './webhook.service';

type C = Context<AppEnv>;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const usd = (v: number) => `$${v.toFixed(2)}`;
const day = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const periodWord = (p: BillingPeriod) => (p === 'monthly' ? 'month' : 'year');

function page(c: C, title: string, body: string, status: 200 | 400 | 401 | 403 | 404 = 200) {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)} · ${PRODUCT_NAME} (test mode)</title><style>
body{font-family:system-ui,-apple-system,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}
.banner{background:#f59e0b;color:#111827;text-align:center;font-weight:700;letter-spacing:.08em;padding:10px}
main{max-width:520px;margin:32px auto;padding:0 16px}.card{background:#fff;border:1px solid #e2e8f0;border-radius:14px;padding:24px;margin-bottom:16px}
h1{font-size:22px;margin:0 0 4px}p{line-height:1.55}.muted{color:#64748b;font-size:14px}dl{display:grid;grid-template-columns:9rem 1fr;gap:8px;margin:16px 0}
dt{color:#64748b}dd{margin:0;font-weight:600}.row{display:flex;gap:10px;flex-wrap:wrap;margin-top:16px}
button,a.btn,select{font:inherit;border-radius:10px;padding:10px 16px;border:1px solid #cbd5e1;background:#fff;color:#0f172a;cursor:pointer;text-decoration:none}
button.primary{background:#4f46e5;border-color:#4f46e5;color:#fff;font-weight:600}button.danger{border-color:#dc2626;color:#b91c1c}
.notice{background:#ecfdf5;border:1px solid #10b981;border-radius:10px;padding:10px 14px}.warn{background:#fffbeb;border:1px solid #f59e0b;border-radius:10px;padding:10px 14px}
form{display:inline}</style></head><body><div class="banner" role="note">TEST MODE · no real payment is taken</div>
<main>${body}<p class="muted">This is ${PRODUCT_NAME}'s built-in payment sandbox, used because no payment provider is configured.</p></main></body></html>`,
    status,
  );
}

function problem(c: C, status: 400 | 401 | 403 | 404, title: string, text: string) {
  return page(c, title, `<div class="card"><h1>${esc(title)}</h1><p>${esc(text)}</p><div class="row"><a class="btn" href="/">Back to ${PRODUCT_NAME}</a></div></div>`, status);
}

type Gate = { ok: true; user: SessionUser; session: SandboxSession; token: string } | { ok: false; res: Response };

/** The link must be genuine and unexpired, and belong to whoever is signed in. */
async function gate(c: C, token: string | undefined, kind: SandboxSession['kind'], post: boolean): Promise<Gate> {
  const { env } = c.var.deps;
  if (paymentProvider(env).kind !== 'sandbox') return { ok: false, res: problem(c, 404, 'Not available', 'Payments go through the configured provider.') };
  if (post) {
    const origin = c.req.header('origin');
    if ((origin && origin !== new URL(env.BASE_URL).origin) || c.req.header('sec-fetch-site') === 'cross-site')
      return { ok: false, res: problem(c, 403, 'Request refused', 'This action must come from this site.') };
  }
  const session = readSession(env, token, Date.now());
  if (!session || session.kind !== kind || !token)
    return { ok: false, res: problem(c, 400, 'Link expired', 'This link is invalid or has expired. Start again from your account or the pricing page.') };
  const user = await getSessionUser(c);
  if (!user) return { ok: false, res: problem(c, 401, 'Please sign in', `Sign in to ${PRODUCT_NAME} in this browser, then open the link again.`) };
  if (user.id !== session.userId) return { ok: false, res: problem(c, 403, 'Not your session', 'This link belongs to another account.') };
  return { ok: true, user, session, token };
}

async function formToken(c: C): Promise<string | undefined> {
  const body = await c.req.parseBody();
  const t = body.session;
  return typeof t === 'string' ? t : undefined;
}

async function deliver(c: C, events: PaddleEventEnvelope[]): Promise<void> {
  const { deps } = c.var;
  for (const ev of events) {
    const raw = JSON.stringify(ev);
    await receiveSignedWebhook(deps, raw, signPaddle(raw, deps.env.SANDBOX_WEBHOOK_SECRET));
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 24);

function checkoutPage(c: C, s: Extract<SandboxSession, { kind: 'checkout' }>, token: string) {
  const limits = TIER_LIMITS[s.tier];
  const price = periodPrice(s.tier, s.period);
  return page(
    c,
    'Checkout',
    `<div class="card"><p class="muted">Checkout</p><h1>${esc(s.tier)} plan</h1>
<dl><dt>Billing</dt><dd>${s.period === 'monthly' ? 'Monthly' : 'Annual'}</dd><dt>Price</dt><dd>${usd(price)} per ${periodWord(s.period)}</dd>
<dt>Words</dt><dd>${limits.monthlyWords.toLocaleString('en-US')} per month</dd><dt>Per request</dt><dd>${limits.requestCap.toLocaleString('en-US')} words</dd></dl>
<div class="row"><form method="post" action="/sandbox/checkout/pay"><input type="hidden" name="session" value="${esc(token)}"><button class="primary" type="submit">Pay ${usd(price)}</button></form>
<form method="post" action="/sandbox/checkout/cancel"><input type="hidden" name="session" value="${esc(token)}"><button type="submit">Cancel</button></form></div></div>`,
  );
}

interface Current {
  subId: string;
  customerId: string;
  tier: PaidTier;
  period: BillingPeriod;
  periodStart: Date;
  periodEnd: Date;
}

function currentOf(row: SubscriberRow, userId: string, now: Date): Current | null {
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

function portalPage(c: C, row: SubscriberRow, cur: Current | null, token: string, done: string | undefined) {
  const hidden = `<input type="hidden" name="session" value="${esc(token)}">`;
  const notices: Record<string, string> = {
    changed: 'Your plan was changed.',
    cancelled: 'Your subscription is cancelled. You keep your plan until the end of the billing period.',
    resumed: 'Your subscription was resumed.',
  };
  const notice = done && notices[done] ? `<p class="notice" role="status">${esc(notices[done])}</p>` : '';
  const back = `<a class="btn" href="/profile">Back to ${PRODUCT_NAME}</a>`;
  if (!cur) {
    return page(c, 'Billing portal', `<div class="card"><p class="muted">Billing portal</p><h1>No paid subscription</h1>${notice}<p>This account is on the Free plan.</p><div class="row"><a class="btn" href="/pricing">See plans</a>${back}</div></div>`);
  }
  const cancelled = !!row.cancellation_end_date;
  const options = PAID_TIERS.flatMap((t) => BILLING_PERIODS.map((p) => ({ t, p })))
    .filter((o) => !(o.t === cur.tier && o.p === cur.period))
    .map((o) => `<option value="${o.t}:${o.p}">${o.t} · ${o.p === 'monthly' ? 'Monthly' : 'Annual'} · ${usd(periodPrice(o.t, o.p))}/${periodWord(o.p)}</option>`)
    .join('');
  return page(
    c,
    'Billing portal',
    `<div class="card"><p class="muted">Billing portal</p><h1>${esc(cur.tier)} plan</h1>${notice}
<dl><dt>Billing</dt><dd>${cur.period === 'monthly' ? 'Monthly' : 'Annual'} · ${usd(periodPrice(cur.tier, cur.period))}/${periodWord(cur.period)}</dd>
<dt>${cancelled ? 'Access ends' : 'Renews'}</dt><dd>${day(cancelled && row.cancellation_end_date ? row.cancellation_end_date : cur.periodEnd)}</dd></dl>
${cancelled && done !== 'cancelled' ? `<p class="warn">Cancelled: you keep the ${esc(cur.tier)} plan until ${day(row.cancellation_end_date ?? cur.periodEnd)}.</p>` : ''}
<div class="row">${
      cancelled
        ? `<form method="post" action="/sandbox/portal/resume">${hidden}<button class="primary" type="submit">Resume subscription</button></form>`
        : `<form method="post" action="/sandbox/portal/cancel">${hidden}<button class="danger" type="submit">Cancel subscription</button></form>`
    }${back}</div></div>
<div class="card"><h1>Change plan</h1><p class="muted">Upgrades give the new monthly allowance at once; downgrades keep your remaining words up to the new allowance.</p>
<form method="post" action="/sandbox/portal/change">${hidden}<div class="row"><label for="plan" class="muted" style="align-self:center">New plan</label>
<select id="plan" name="plan">${options}</select><button class="primary" type="submit">Switch plan</button></div></form></div>`,
  );
}

function subscriptionUpdated(c: C, userId: string, cur: Current, change: { tier?: PaidTier; period?: BillingPeriod; cancelAt: Date | null }): PaddleEventEnvelope {
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

const toPortal = (c: C, token: string, done: string) => c.redirect(`/sandbox/portal?session=${encodeURIComponent(token)}&done=${done}`, 303);

export const sandboxRoutes = new Hono<AppEnv>()
  .get('/checkout', async (c) => {
    const g = await gate(c, c.req.query('session'), 'checkout', false);
    if (!g.ok) return g.res;
    return checkoutPage(c, g.session as Extract<SandboxSession, { kind: 'checkout' }>, g.token);
  })
  .post('/checkout/pay', async (c) => {
    const g = await gate(c, await formToken(c), 'checkout', true);
    if (!g.ok) return g.res;
    const s = g.session as Extract<SandboxSession, { kind: 'checkout' }>;
    const now = c.var.deps.now();
    // Ids derive from the link, so paying twice with one link applies once (the events repeat).
    const key = digest(g.token);
    const periodEnd = addMonths(now, s.period === 'monthly' ? 1 : 12);
    const common = { customerId: sandboxCustomerId(g.user.id), priceId: sandboxPriceId(s.tier, s.period), tier: s.tier, period: s.period, periodStart: now, periodEnd, userId: g.user.id };
    await deliver(c, [
      envelope('subscription.created', subscriptionData({ ...common, id: `sub_sandbox_${key}`, status: 'active' }), now, `evt_sandbox_${key}_sub`),
      envelope('transaction.completed', transactionData({ ...common, id: `txn_sandbox_${key}`, subscriptionId: `sub_sandbox_${key}`, origin: 'web' }), now, `evt_sandbox_${key}_txn`),
    ]);
    return c.redirect(`/profile?checkout=success&tier=${encodeURIComponent(s.tier)}`, 303);
  })
  .post('/checkout/cancel', async (c) => {
    const g = await gate(c, await formToken(c), 'checkout', true);
    if (!g.ok) return g.res;
    return c.redirect('/pricing', 303);
  })
  .get('/portal', async (c) => {
    const token = c.req.query('session');
    const g = await gate(c, token, 'portal', false);
    if (!g.ok) return g.res;
    const now = c.var.deps.now();
    const row = await loadSubscriber(c.var.deps.db, g.user, now);
    return portalPage(c, row, currentOf(row, g.user.id, now), g.token, c.req.query('done'));
  })
  .post('/portal/cancel', async (c) => {
    const p = await portalContext(c, await formToken(c));
    if (!p.ok) return p.res;
    if (!p.cur) return problem(c, 400, 'No paid subscription', 'There is nothing to cancel on this account.');
    await deliver(c, [subscriptionUpdated(c, p.user.id, p.cur, { cancelAt: p.cur.periodEnd })]);
    return toPortal(c, p.token, 'cancelled');
  })
  .post('/portal/resume', async (c) => {
    const p = await portalContext(c, await formToken(c));
    if (!p.ok) return p.res;
    if (!p.cur) return problem(c, 400, 'No paid subscription', 'There is nothing to resume on this account.');
    await deliver(c, [subscriptionUpdated(c, p.user.id, p.cur, { cancelAt: null })]);
    return toPortal(c, p.token, 'resumed');
  })
  .post('/portal/change', async (c) => {
    const body = await c.req.parseBody();
    const token = typeof body.session === 'string' ? body.session : undefined;
    const p = await portalContext(c, token);
    if (!p.ok) return p.res;
    if (!p.cur) return problem(c, 400, 'No paid subscription', 'Choose a plan on the pricing page instead.');
    const [tier, period] = String(body.plan ?? '').split(':');
    if (!isPaidTier(tier) || (period !== 'monthly' && period !== 'yearly')) return problem(c, 400, 'Unknown plan', 'Pick one of the plans in the list.');
    await deliver(c, [subscriptionUpdated(c, p.user.id, p.cur, { tier, period, cancelAt: p.row.cancellation_end_date })]);
    return toPortal(c, p.token, 'changed');
  });
