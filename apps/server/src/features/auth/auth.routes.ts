/**
 * Auth's one router, mounted at the root with full paths:
 *   GET|POST /api/auth/* (better-auth: sign-up, sign-in, sessions, two-factor, reset, deletion, ...)
 *   GET /api/me (the signed-in user, or null)
 *   POST /api/account/sign-out (spec section 5: only global, local and others, mapped onto better-auth)
 *   GET /api/account/export (the data export)
 */
import { asc, desc, eq } from 'drizzle-orm';
import { signOutInput, type AccountExport, type MeResponse } from '@plainspoken/shared';
import { session, transformations, user } from '../../db/schema';
import { loadSubscriber, toSubscriptionData } from '../../domain/subscribers';
import { createRouter } from '../../lib/context';
import { unauthorized } from '../../lib/errors';
import { CLIENT_IP_HEADER, clientIp, jsonBody } from '../../lib/http';
import { getSessionUser, isAdminEmail, requireUser } from '../../lib/session';
import { isLoopbackHost } from '../../env';
import type { Auth } from './auth';

/** Deepest nesting any auth endpoint's body needs (they are flat objects); deeper is refused unparsed. */
const MAX_DEPTH = 8;
/** Fields that, when present, must be strings. */
const STRING_FIELDS = [
  'email',
  'name',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'callbackURL',
  'newEmail',
  'code',
  'redirectTo',
];

/** A NUL character or a broken surrogate pair: text no field may hold (PostgreSQL refuses NUL outright). */
const oddText = (v: unknown): boolean =>
  typeof v === 'string' &&
  (v.includes('\u0000') || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v));

/** Why a query string or path for better-auth is refused (email links carry tokens there), or null. */
export function oddUrl(raw: string): string | null {
  const url = new URL(raw);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return 'Invalid request. The address is not valid UTF-8.';
  }
  if (oddText(path) || [...url.searchParams.values()].some(oddText)) {
    return 'Invalid request. The address contains characters that are not allowed (a NUL character or a broken surrogate pair).';
  }
  return null;
}

/** Why a JSON body for better-auth is refused, or null when it may pass. */
export function oddBody(raw: string): string | null {
  // Depth is counted on the text, before JSON.parse can recurse through thousands of levels.
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (++depth > MAX_DEPTH) return 'Invalid request. The body is nested too deeply.';
    } else if (ch === '}' || ch === ']') depth--;
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null; // better-auth answers malformed JSON itself
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'Invalid request. The body must be a JSON object.';
  const walk = (v: unknown): boolean =>
    Array.isArray(v) ? v.some(walk) : typeof v === 'object' && v !== null ? Object.values(v).some(walk) : oddText(v);
  if (walk(body))
    return 'Invalid request. The text contains characters that are not allowed (a NUL character or a broken surrogate pair).';
  for (const f of STRING_FIELDS) {
    if (f in body && typeof (body as Record<string, unknown>)[f] !== 'string')
      return `Invalid request. ${f}: expected text`;
  }
  return null;
}

/** Fields better-auth redirects to after an email link or a sign-in: each must be a place on this site. */
const REDIRECT_FIELDS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;

/**
 * Why a redirect target is refused, or null: a path on this site ("/app", "/reset?x=1") or an absolute
 * address on BASE_URL's origin. Checked in every mode (better-auth skips its own origin check under
 * NODE_ENV=test, and answers 500 on a target that is not an address at all, such as "NaN").
 */
export function oddRedirect(fields: Record<string, unknown>, baseUrl: string): string | null {
  const origin = new URL(baseUrl).origin;
  for (const f of REDIRECT_FIELDS) {
    const v = fields[f];
    if (typeof v !== 'string' || v === '') continue;
    let ok = false;
    if (v.startsWith('/')) {
      // "//host" and "/\\host" are other sites to a browser; a path has neither.
      ok = !/^\/[\\/]/.test(v) && !/[\u0000-\u001f\\]/.test(v) && new URL(v, origin).origin === origin;
    } else if (/^https?:\/\//i.test(v)) {
      try {
        ok = new URL(v).origin === origin;
      } catch {
        ok = false;
      }
    }
    if (!ok) return `Invalid request. ${f} must be a path on this site, such as /app.`;
  }
  return null;
}

/** The JSON object a body holds, or an empty one (oddBody has refused every other shape already). */
function parsedObject(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Endpoints that honour a token from an email (verification, sign-in link, password reset). */
const EMAIL_LINK_PATH = /^\/api\/auth\/(?:verify-email|magic-link\/verify|reset-password)(?:\/|$)/;

/** Said when a server signing with a public secret is asked to honour an email link from another machine. */
export const PUBLIC_SECRET_LINK_REFUSAL =
  'Email links work only from this machine while the server signs with the public development secret. Set BETTER_AUTH_SECRET to 32+ random characters to use them from elsewhere.';

/** The largest OAuth callback body (code, state, iss, error) passed on; real ones are a few hundred bytes. */
const OAUTH_CALLBACK_MAX_BODY = 4096;

/** Copies better-auth's answer (status, body, cookies) onto ours. */
function relay(res: Response): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const c of res.headers.getSetCookie()) headers.append('set-cookie', c);
  return new Response(res.body, { status: res.status, headers });
}

export const authRoutes = createRouter<{ auth: Auth }>()
  // better-auth reads the client IP from one header that only this server sets.
  .on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    const ip = clientIp(c, c.var.deps.env);
    headers.set(CLIENT_IP_HEADER, ip);
    // Anyone can sign a verification token with a public secret: such a server honours email links only
    // from this machine (the client as resolved through trusted proxies, so a same-host proxy is no way in).
    if (c.var.deps.env.AUTH_SECRET_PUBLIC && EMAIL_LINK_PATH.test(c.req.path) && !isLoopbackHost(ip))
      return c.json({ error: { code: 'FORBIDDEN', message: PUBLIC_SECRET_LINK_REFUSAL } }, 403);
    const badUrl =
      oddUrl(c.req.url) ?? oddRedirect(Object.fromEntries(new URL(c.req.url).searchParams), c.var.deps.env.BASE_URL);
    if (badUrl) return c.json({ error: { code: 'VALIDATION', message: badUrl } }, 400);
    // An OAuth callback POST is answered with a redirect carrying its fields in the address: a provider
    // sends a code and a state, never kilobytes, so a large body is refused instead of echoed.
    if (c.req.method === 'POST' && /^\/api\/auth\/(?:oauth2\/)?callback\//.test(c.req.path)) {
      // Read through Hono, which keeps the text (the body may have been read before, for the bad-text check).
      const body = await c.req.text();
      if (body.length > OAUTH_CALLBACK_MAX_BODY)
        return c.json(
          {
            error: {
              code: 'VALIDATION',
              message: `Invalid request. An OAuth callback body is at most ${OAUTH_CALLBACK_MAX_BODY} characters (a code and a state).`,
            },
          },
          400,
        );
      headers.delete('content-length');
      return c.var.deps.auth.handler(new Request(c.req.url, { method: 'POST', headers, body }));
    }
    if (c.req.method !== 'POST' || !/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      return c.var.deps.auth.handler(new Request(c.req.raw, { headers }));
    }
    // The body is read once here and checked before better-auth sees it: characters no field may hold
    // and shapes no endpoint takes become a 400 with a reason instead of an error deep inside.
    const raw = await c.req.text();
    const refusal = oddBody(raw) ?? oddRedirect(parsedObject(raw), c.var.deps.env.BASE_URL);
    if (refusal) return c.json({ error: { code: 'VALIDATION', message: refusal } }, 400);
    headers.delete('content-length');
    headers.delete('transfer-encoding');
    return c.var.deps.auth.handler(new Request(c.req.raw.url, { method: 'POST', headers, body: raw }));
  })
  .get('/api/me', async (c) => {
    const u = await getSessionUser(c);
    const body: MeResponse = {
      user: u
        ? { id: u.id, email: u.email, emailVerified: u.emailVerified, createdAt: u.createdAt.toISOString() }
        : null,
      isAdmin: u ? isAdminEmail(c, u.email) : false,
    };
    return c.json(body);
  })
  .post('/api/account/sign-out', jsonBody(signOutInput), async (c) => {
    const { scope } = c.req.valid('json');
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
  .get('/api/account/export', async (c) => {
    const u = await requireUser(c);
    const { db, now } = c.var.deps;
    const at = now();
    const [me] = await db.select().from(user).where(eq(user.id, u.id)).limit(1);
    if (!me) throw unauthorized();
    const sub = await loadSubscriber(db, { id: me.id, email: me.email }, at);
    const data = toSubscriptionData(sub, at);
    const devices = await db
      .select({
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
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
    const body: AccountExport = {
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
      devices: devices.map((d) => ({
        createdAt: d.createdAt.toISOString(),
        lastActiveAt: d.updatedAt.toISOString(),
        ipAddress: d.ipAddress,
        userAgent: d.userAgent,
      })),
      transformations: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    };
    const day = at.toISOString().slice(0, 10);
    c.header('content-disposition', `attachment; filename="plainspoken-export-${day}.json"`);
    c.header('cache-control', 'no-store');
    return c.body(JSON.stringify(body, null, 2), 200, { 'content-type': 'application/json; charset=utf-8' });
  });
