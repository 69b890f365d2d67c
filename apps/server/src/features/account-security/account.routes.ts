/**
 * /api/account: sign-out with a scope (spec section 5: only global, local and others) mapped onto
 * better-auth's own endpoints, and the data export. mountAccountSecurity is the one line in app.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { asc, desc, eq } from 'drizzle-orm';
import type { AppEnv } from '../../app';
import { requireUser } from '../../auth/guards';
import { session, transformations, user } from '../../db/schema';
import { readJson } from '../../lib/http';
import { loadSubscriber, toSubscriptionData } from '../subscription/subscription.service';
import { provideRequestDeps } from './request-deps';

const signOutBody = z.object({
  scope: z.enum(['global', 'local', 'others'], { error: "scope must be one of 'global', 'local' or 'others'" }),
});

/** Copies better-auth's answer (status, body, cookies) onto ours. */
function relay(res: Response): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const c of res.headers.getSetCookie()) headers.append('set-cookie', c);
  return new Response(res.body, { status: res.status, headers });
}

export const accountRoutes = new Hono<AppEnv>()
  .post('/sign-out', async (c) => {
    const { scope } = await readJson(c, signOutBody);
    await requireUser(c);
    const api = c.var.deps.auth.api;
    const headers = c.req.raw.headers;
    const res =
      scope === 'local'
        ? await api.signOut({ headers, asResponse: true })
        : scope === 'others'
          ? await api.revokeOtherSessions({ headers, asResponse: true })
          : await api.revokeSessions({ headers, asResponse: true });
    return relay(res);
  })
  .get('/export', async (c) => {
    const u = await requireUser(c);
    const { db, now } = c.var.deps;
    const at = now();
    const [me] = await db.select().from(user).where(eq(user.id, u.id)).limit(1);
    if (!me) return c.json({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } }, 401);
    const sub = await loadSubscriber(db, { id: me.id, email: me.email }, at);
    const data = toSubscriptionData(sub, at);
    const devices = await db
      .select({ createdAt: session.createdAt, updatedAt: session.updatedAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
      .from(session)
      .where(eq(session.userId, me.id))
      .orderBy(desc(session.updatedAt));
    const rows = await db
      .select({
        id: transformations.id,
        original_text: transformations.original_text,
        transformed_text: transformations.transformed_text,
        mode: transformations.mode,
        words_charged: transformations.words_charged,
        engine: transformations.engine,
        created_at: transformations.created_at,
      })
      .from(transformations)
      .where(eq(transformations.user_id, me.id))
      .orderBy(asc(transformations.created_at), asc(transformations.id));
    const body = {
      product: 'Plainspoken',
      exportedAt: at.toISOString(),
      account: {
        id: me.id,
        email: me.email,
        emailVerified: me.emailVerified,
        createdAt: me.createdAt.toISOString(),
        lastSignInAt: me.lastSignInAt?.toISOString() ?? null,
        twoFactorEnabled: me.twoFactorEnabled === true,
      },
      subscription: {
        tier: data.subscription_tier,
        subscribed: data.subscribed,
        isActive: data.isActive,
        subscriptionEnd: data.subscription_end,
        cancelledAt: data.subscription_cancelled_at,
        cancellationEndDate: data.cancellation_end_date,
        billingPeriod: sub.billing_period,
        customerId: sub.paddle_customer_id,
      },
      balance: {
        monthlyLimit: data.monthlyLimit,
        currentBalance: data.currentBalance,
        resetDate: sub.balance_reset_date?.toISOString() ?? null,
      },
      devices: devices.map((d) => ({ createdAt: d.createdAt.toISOString(), lastActiveAt: d.updatedAt.toISOString(), ipAddress: d.ipAddress, userAgent: d.userAgent })),
      transformations: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    };
    const day = at.toISOString().slice(0, 10);
    c.header('content-disposition', `attachment; filename="plainspoken-export-${day}.json"`);
    c.header('cache-control', 'no-store');
    return c.body(JSON.stringify(body, null, 2), 200, { 'content-type': 'application/json; charset=utf-8' });
  });

/** Registers the security routes; call it before the /api/auth handler so the deps reach better-auth. */
export function mountAccountSecurity(app: Hono<AppEnv>): void {
  app.use('/api/auth/*', provideRequestDeps);
  app.route('/api/account', accountRoutes);
}
