/**
 * Billing's one router, mounted at the root with full paths:
 *   POST /api/functions/create-checkout, /api/functions/paddle-customer-portal (the spec's function names)
 *   OPTIONS|POST /api/functions/payment-webhook (Paddle's and the sandbox's deliveries; the admin test event)
 *   POST /api/functions/preview-plan-change, /api/functions/change-plan (a subscriber's plan change)
 *   GET /api/promotions (the promotion codes the caller redeemed, the back-to-school window)
 *   POST /api/promotions/back-to-school (the offer is shown: its window starts, once per account)
 *   GET /billing/checkout (the page Paddle's payment link opens) and /billing/checkout.js (its script)
 *   /sandbox/* (the local sandbox's hosted pages)
 */
import { createCheckoutInput, planChangeInput, type PromotionsState } from '@plainspoken/shared';
import { createRouter } from '../../lib/context';
import { jsonBody } from '../../lib/http';
import { requireAdmin, requireUser, signedIn } from '../../lib/session';
import { createCheckout, openPortal } from './billing.service';
import { changePlan, previewPlanChange } from './plan-change';
import { CHECKOUT_SCRIPT, incompleteCheckoutPage, paddleCheckoutPage } from './checkout-page';
import { PADDLE_CSP, contentSecurityPolicy } from '../../lib/security-headers';
import type { PaymentProvider } from './payments/types';
import { promotionsState } from './promotions';
import { sandboxRoutes } from './sandbox/sandbox.routes';
import { receiveSignedWebhook, receiveTestEvent } from './webhooks/receive';
import { countRefusal } from './webhooks/ip-limit';

const WEBHOOK_METHODS = 'POST, OPTIONS';

export const billingRoutes = createRouter<{ payments: PaymentProvider }>()
  .post('/api/functions/create-checkout', signedIn, jsonBody(createCheckoutInput), async (c) => {
    const u = await requireUser(c);
    return c.json(await createCheckout(c.var.deps, u, c.req.valid('json')));
  })
  // A subscriber's move to another plan: what it costs now (prorated), then the change itself.
  .post('/api/functions/preview-plan-change', signedIn, jsonBody(planChangeInput), async (c) => {
    const u = await requireUser(c);
    return c.json(await previewPlanChange(c.var.deps, u, c.req.valid('json')));
  })
  .post('/api/functions/change-plan', signedIn, jsonBody(planChangeInput), async (c) => {
    const u = await requireUser(c);
    return c.json(await changePlan(c.var.deps, u, c.req.valid('json')));
  })
  // The codes the caller redeemed (a checkout with the code completed): the browser stops offering them.
  .get('/api/promotions', signedIn, async (c) => {
    const u = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json((await promotionsState(c.var.deps, u.id, false)) satisfies PromotionsState);
  })
  // The back-to-school offer is shown to the account: its 48-hour window starts now, once per account.
  .post('/api/promotions/back-to-school', signedIn, async (c) => {
    const u = await requireUser(c);
    return c.json((await promotionsState(c.var.deps, u.id, true)) satisfies PromotionsState);
  })
  .post('/api/functions/paddle-customer-portal', async (c) => {
    const u = await requireUser(c);
    return c.json(await openPortal(c.var.deps, u));
  })
  // The diagnostics page's endpoint check.
  .options('/api/functions/payment-webhook', (c) => c.body(null, 204, { Allow: WEBHOOK_METHODS }))
  .post('/api/functions/payment-webhook', async (c) => {
    const raw = await c.req.text();
    const signature = c.req.header('paddle-signature');
    // Without a signature only an admin's test event is accepted; anything else is rejected and logged.
    if (!signature && /^bearer\s+\S/i.test(c.req.header('authorization') ?? '')) {
      await requireAdmin(c);
      return c.json(await receiveTestEvent(c.var.deps, raw));
    }
    // The signature is checked first: only refused posts count against their address.
    return c.json(await receiveSignedWebhook(c.var.deps, raw, signature, () => countRefusal(c, c.var.deps)));
  })
  .get('/billing/checkout', (c) => {
    const { env } = c.var.deps;
    if (!env.PADDLE_API_KEY || !env.PADDLE_CLIENT_TOKEN) return c.text('Not found', 404);
    if (!/^txn_[A-Za-z0-9]+$/.test(c.req.query('_ptxn') ?? '')) return c.html(incompleteCheckoutPage(), 400);
    // Only this page may load Paddle.js and frame Paddle's checkout.
    c.header('content-security-policy', contentSecurityPolicy(env, PADDLE_CSP));
    return c.html(paddleCheckoutPage(env));
  })
  .get('/billing/checkout.js', (c) => {
    const { env } = c.var.deps;
    if (!env.PADDLE_API_KEY || !env.PADDLE_CLIENT_TOKEN) return c.text('Not found', 404);
    return c.body(CHECKOUT_SCRIPT, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
    });
  })
  .route('/sandbox', sandboxRoutes);
