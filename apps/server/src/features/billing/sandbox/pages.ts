/** The sandbox's hosted pages as HTML (hono/html escapes every value): checkout, portal, problems. */
import {
  BILLING_PERIODS,
  PAID_TIERS,
  PRODUCT_NAME,
  TIER_LIMITS,
  discountedPrice,
  findPromoCode,
  periodPrice,
  promoPercentLabel,
  promoPriceTerms,
  type BillingPeriod,
  type PaidTier,
} from '@plainspoken/shared';
import type { SubscriberRow } from '../../../domain/subscribers';
import { html } from '../../../lib/html';
import type { SandboxSession } from '../payments/sandbox';

const usd = (v: number) => `$${v.toFixed(2)}`;
const day = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const periodWord = (p: BillingPeriod) => (p === 'monthly' ? 'month' : 'year');

/** The subscription the portal shows, as the sandbox derives it from the subscriber row. */
export interface CurrentPlan {
  subId: string;
  customerId: string;
  tier: PaidTier;
  period: BillingPeriod;
  periodStart: Date;
  periodEnd: Date;
}

type Body = ReturnType<typeof html>;

export function page(title: string, body: Body) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · ${PRODUCT_NAME} (test mode)</title>
        <style>
          body {
            font-family:
              system-ui,
              -apple-system,
              sans-serif;
            margin: 0;
            background: #f1f5f9;
            color: #0f172a;
          }
          .banner {
            background: #f59e0b;
            color: #111827;
            text-align: center;
            font-weight: 700;
            letter-spacing: 0.08em;
            padding: 10px;
          }
          main {
            max-width: 520px;
            margin: 32px auto;
            padding: 0 16px;
          }
          .card {
            background: #fff;
            border: 1px solid #e2e8f0;
            border-radius: 14px;
            padding: 24px;
            margin-bottom: 16px;
          }
          h1 {
            font-size: 22px;
            margin: 0 0 4px;
          }
          p {
            line-height: 1.55;
          }
          .muted {
            color: #64748b;
            font-size: 14px;
          }
          dl {
            display: grid;
            grid-template-columns: 9rem 1fr;
            gap: 8px;
            margin: 16px 0;
          }
          dt {
            color: #64748b;
          }
          dd {
            margin: 0;
            font-weight: 600;
          }
          .row {
            display: flex;
            gap: 10px;
            flex-wrap: wrap;
            margin-top: 16px;
          }
          button,
          a.btn,
          select {
            font: inherit;
            border-radius: 10px;
            padding: 10px 16px;
            border: 1px solid #cbd5e1;
            background: #fff;
            color: #0f172a;
            cursor: pointer;
            text-decoration: none;
          }
          button.primary {
            background: #4f46e5;
            border-color: #4f46e5;
            color: #fff;
            font-weight: 600;
          }
          button.danger {
            border-color: #dc2626;
            color: #b91c1c;
          }
          .notice {
            background: #ecfdf5;
            border: 1px solid #10b981;
            border-radius: 10px;
            padding: 10px 14px;
          }
          .warn {
            background: #fffbeb;
            border: 1px solid #f59e0b;
            border-radius: 10px;
            padding: 10px 14px;
          }
          form {
            display: inline;
          }
          form.code {
            display: block;
            margin: 8px 0 4px;
          }
          form.code label {
            display: block;
            font-size: 14px;
            color: #475569;
            margin-bottom: 6px;
          }
          .code-row {
            margin-top: 0;
          }
          .code-row input {
            flex: 1;
            min-width: 0;
            font: inherit;
            border: 1px solid #cbd5e1;
            border-radius: 10px;
            padding: 10px 12px;
            text-transform: uppercase;
          }
          input:focus-visible,
          button:focus-visible,
          a:focus-visible {
            outline: 2px solid #4f46e5;
            outline-offset: 2px;
          }
          .error {
            color: #b91c1c;
            font-size: 14px;
            margin: 6px 0 0;
          }
        </style>
      </head>
      <body>
        <div class="banner" role="note">TEST MODE · no real payment is taken</div>
        <main>
          ${body}
          <p class="muted">
            This is ${PRODUCT_NAME}'s built-in payment sandbox, used because no payment provider is configured.
          </p>
        </main>
      </body>
    </html>`;
}

export function problemPage(title: string, text: string) {
  return page(
    title,
    html`<div class="card">
      <h1>${title}</h1>
      <p>${text}</p>
      <div class="row"><a class="btn" href="/">Back to ${PRODUCT_NAME}</a></div>
    </div>`,
  );
}

export interface CheckoutCode {
  /** The code that applies (checked for this user), or null. */
  applied: string | null;
  /** What the user typed, shown back in the field. */
  typed: string;
  /** Why the typed code does not apply. */
  error: string | null;
}

export function checkoutPage(
  s: Extract<SandboxSession, { kind: 'checkout' }>,
  token: string,
  code: CheckoutCode = { applied: null, typed: '', error: null },
) {
  const limits = TIER_LIMITS[s.tier];
  const full = periodPrice(s.tier, s.period);
  const promo = code.applied ? findPromoCode(code.applied) : null;
  const price = promo ? discountedPrice(full, promo, s.period) : full;
  const priceRow = promo
    ? html`<dt>Price</dt>
        <dd data-testid="price-terms">${promoPriceTerms(full, promo, s.period).text}</dd>
        <dt>Discount</dt>
        <dd data-testid="applied-code">${promo.code} · ${promoPercentLabel(promo, s.period)}</dd>`
    : html`<dt>Price</dt>
        <dd>${usd(price)} per ${periodWord(s.period)}</dd>`;
  return page(
    'Checkout',
    html`<div class="card">
      <p class="muted">Checkout</p>
      <h1>${s.tier} plan</h1>
      <dl>
        <dt>Billing</dt>
        <dd>${s.period === 'monthly' ? 'Monthly' : 'Annual'}</dd>
        ${priceRow}
        <dt>Words</dt>
        <dd>${limits.monthlyWords.toLocaleString('en-US')} per month</dd>
        <dt>Per request</dt>
        <dd>${limits.requestCap.toLocaleString('en-US')} words</dd>
      </dl>
      <form method="get" action="/sandbox/checkout" class="code">
        <input type="hidden" name="session" value="${token}" /><label for="code">Discount code</label>
        <div class="row code-row">
          <input
            id="code"
            name="code"
            autocomplete="off"
            maxlength="40"
            value="${code.typed}"
            ${code.error ? html` aria-invalid="true" aria-describedby="code-error"` : ''}
          /><button type="submit">Apply</button>
        </div>
        ${code.error ? html`<p id="code-error" class="error" role="alert">${code.error}</p>` : ''}
      </form>
      <div class="row">
        <form method="post" action="/sandbox/checkout/pay">
          <input type="hidden" name="session" value="${token}" /><input
            type="hidden"
            name="code"
            value="${code.applied ?? ''}"
          /><button class="primary" type="submit">Pay ${usd(price)}</button>
        </form>
        <form method="post" action="/sandbox/checkout/cancel">
          <input type="hidden" name="session" value="${token}" /><button type="submit">Cancel</button>
        </form>
      </div>
    </div>`,
  );
}

const NOTICES: Record<string, string> = {
  changed: 'Your plan was changed.',
  cancelled: 'Your subscription is cancelled. You keep your plan until the end of the billing period.',
  resumed: 'Your subscription was resumed.',
};

export function portalPage(
  row: SubscriberRow,
  cur: CurrentPlan | null,
  token: string,
  done: string | undefined,
  /** A code used on this period's payment: its first price and the full one it renews at. */
  discountCode: string | null = null,
) {
  const hidden = html`<input type="hidden" name="session" value="${token}" />`;
  const notice = done && NOTICES[done] ? html`<p class="notice" role="status">${NOTICES[done]}</p>` : '';
  const back = html`<a class="btn" href="/profile">Back to ${PRODUCT_NAME}</a>`;
  if (!cur) {
    return page(
      'Billing portal',
      html`<div class="card">
        <p class="muted">Billing portal</p>
        <h1>No paid subscription</h1>
        ${notice}
        <p>This account is on the Free plan.</p>
        <div class="row"><a class="btn" href="/pricing">See plans</a>${back}</div>
      </div>`,
    );
  }
  const cancelled = !!row.cancellation_end_date;
  const promoUsed = discountCode ? findPromoCode(discountCode) : null;
  const options = PAID_TIERS.flatMap((t) => BILLING_PERIODS.map((p) => ({ t, p })))
    .filter((o) => !(o.t === cur.tier && o.p === cur.period))
    .map(
      (o) =>
        html`<option value="${o.t}:${o.p}">
          ${o.t} · ${o.p === 'monthly' ? 'Monthly' : 'Annual'} · ${usd(periodPrice(o.t, o.p))}/${periodWord(o.p)}
        </option>`,
    );
  return page(
    'Billing portal',
    html`<div class="card">
        <p class="muted">Billing portal</p>
        <h1>${cur.tier} plan</h1>
        ${notice}
        <dl>
          <dt>Billing</dt>
          <dd data-testid="price-terms">
            ${cur.period === 'monthly' ? 'Monthly' : 'Annual'} ·
            ${promoUsed ? `${promoPriceTerms(periodPrice(cur.tier, cur.period), promoUsed, cur.period).text} (${promoUsed.code})` : `${usd(periodPrice(cur.tier, cur.period))}/${periodWord(cur.period)}`}
          </dd>
          <dt>${cancelled ? 'Access ends' : 'Renews'}</dt>
          <dd>${day(cancelled && row.cancellation_end_date ? row.cancellation_end_date : cur.periodEnd)}</dd>
        </dl>
        ${cancelled && done !== 'cancelled' ? html`<p class="warn">Cancelled: you keep the ${cur.tier} plan until ${day(row.cancellation_end_date ?? cur.periodEnd)}.</p>` : ''}
        <div class="row">
          ${
            cancelled
              ? html`<form method="post" action="/sandbox/portal/resume">
                  ${hidden}<button class="primary" type="submit">Resume subscription</button>
                </form>`
              : html`<form method="post" action="/sandbox/portal/cancel">
                  ${hidden}<button class="danger" type="submit">Cancel subscription</button>
                </form>`
          }${back}
        </div>
      </div>
      <div class="card">
        <h1>Change plan</h1>
        <p class="muted">
          Upgrades give the new monthly allowance at once; downgrades keep your remaining words up to the new allowance.
        </p>
        <form method="post" action="/sandbox/portal/change">
          ${hidden}
          <div class="row">
            <label for="plan" class="muted" style="align-self:center">New plan</label>
            <select id="plan" name="plan">
              ${options}</select
            ><button class="primary" type="submit">Switch plan</button>
          </div>
        </form>
      </div>`,
  );
}
