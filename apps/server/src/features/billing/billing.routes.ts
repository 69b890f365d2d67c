import { Hono } from 'hono';
import { createCheckoutInput } from '@plainspoken/shared';
import type { AppEnv } from '../../app';
import { requireAdmin, requireUser } from '../../auth/guards';
import { readJson } from '../../lib/http';
import { createCheckout, openPortal, processExpired } from './billing.service';
import { receiveSignedWebhook, receiveTestEvent } from './webhook.service';

const WEBHOOK_METHODS = 'POST, OPTIONS';

/** Mounted under /api/functions beside the humanize functions (the spec's function names). */
export const billingRoutes = new Hono<AppEnv>()
  .post('/create-checkout', async (c) => {
    const u = await requireUser(c);
    const input = await readJson(c, createCheckoutInput);
    return c.json(await createCheckout(c.var.deps, u, input));
  })
  .post('/paddle-customer-portal', async (c) => {
    const u = await requireUser(c);
    return c.json(await openPortal(c.var.deps, u));
  })
  .post('/process-expired-subscriptions', async (c) => {
    await requireAdmin(c);
    return c.json({ ok: true, ...(await processExpired(c.var.deps)) });
  })
  // The diagnostics page's endpoint check.
  .options('/payment-webhook', (c) => c.body(null, 204, { Allow: WEBHOOK_METHODS }))
  .post('/payment-webhook', async (c) => {
    const raw = await c.req.text();
    const signature = c.req.header('paddle-signature');
    // Without a signature only an admin's test event is accepted; anything else is rejected and logged.
    if (!signature && /^bearer\s+\S/i.test(c.req.header('authorization') ?? '')) {
      await requireAdmin(c);
      return c.json(await receiveTestEvent(c.var.deps, raw));
    }
    return c.json(await receiveSignedWebhook(c.var.deps, raw, signature));
  });
