/**
 * Development helpers, with full paths (app.ts mounts this router only outside production):
 *   GET /api/dev/mailbox, GET /dev/mailbox: the local outbox, what would have been mailed
 *   POST /api/dev/clock {offsetMs}: moves the product's clock (only when NODE_ENV=test provides one)
 */
import { devClockInput, type DevClockOutput } from '@plainspoken/shared';
import { createMiddleware } from 'hono/factory';
import { createRouter, type AppEnv } from '../../lib/context';
import { html } from '../../lib/html';
import { jsonBody } from '../../lib/http';
import { listOutbox } from '../../lib/mail';
import { getSessionUser, isAdminEmail } from '../../lib/session';

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 form. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The outbox holds every user's confirmation, reset and sign-in links. In development it opens only to a
 * signed-in administrator (ADMIN_EMAILS), never by address: a proxy on the same machine makes every
 * visitor look local. The links of each kept mail are also written to the server's output. Under
 * NODE_ENV=test (test suites, which also get the test clock) it is open.
 */
const adminOutsideTests = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.deps.env.NODE_ENV === 'test') return next();
  const u = await getSessionUser(c);
  if (u && isAdminEmail(c, u.email)) return next();
  const message =
    'The local outbox opens only to a signed-in administrator (ADMIN_EMAILS); the links of each mail are also in the server output.';
  return c.req.path.startsWith('/api/')
    ? c.json({ error: { code: 'FORBIDDEN', message } }, 403)
    : c.html(
        html`<!doctype html>
          <html lang="en">
            <head>
              <meta charset="utf-8" />
              <title>Local outbox · Plainspoken</title>
            </head>
            <body>
              <p>${message}</p>
            </body>
          </html>`,
        403,
      );
});

function outboxPage(mails: Awaited<ReturnType<typeof listOutbox>>) {
  const items = mails.map(
    (m) =>
      html`<article>
        <header>
          <strong>${m.subject}</strong><span>to ${m.to} · ${new Date(m.createdAt).toLocaleString('en-US')}</span>
        </header>
        <iframe
          sandbox="allow-top-navigation-by-user-activation allow-popups"
          srcdoc="${`<base target="_top" />${m.html}`}"
          title="${m.subject}"
        ></iframe>
        <p class="links">${m.links.map((l, i) => html`${i ? html`<br />` : ''}<a href="${l}">${l}</a>`)}</p>
      </article> `,
  );
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>Local outbox · Plainspoken</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            margin: 0;
            background: #f1f5f9;
            color: #0f172a;
          }
          main {
            max-width: 760px;
            margin: 0 auto;
            padding: 24px;
          }
          h1 {
            font-size: 20px;
          }
          p.note {
            color: #475569;
          }
          article {
            background: #fff;
            border: 1px solid #e2e8f0;
            border-radius: 12px;
            margin: 16px 0;
            overflow: hidden;
          }
          header {
            display: flex;
            flex-wrap: wrap;
            gap: 8px;
            justify-content: space-between;
            padding: 12px 16px;
            border-bottom: 1px solid #e2e8f0;
          }
          header span {
            color: #64748b;
            font-size: 13px;
          }
          iframe {
            width: 100%;
            height: 420px;
            border: 0;
          }
          .links {
            padding: 0 16px 12px;
            font-size: 13px;
            word-break: break-all;
          }
          a {
            color: #4f46e5;
          }
        </style>
      </head>
      <body>
        <main>
          <h1>Local outbox</h1>
          <p class="note">
            Mail the server would have sent. Shown because no SMTP server is configured; newest first.
            <a href="/">Back to Plainspoken</a>
          </p>
          ${items.length ? items : html`<p>No mail yet.</p>`}
        </main>
      </body>
    </html>`;
}

/** The clock route exists only where server.ts made a test clock (NODE_ENV=test). */
const withTestClock = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.deps.clock)
    return c.json({ error: { code: 'NOT_FOUND', message: `No API route ${c.req.method} ${c.req.path}.` } }, 404);
  await next();
});

export const devRoutes = createRouter()
  .get('/api/dev/mailbox', adminOutsideTests, async (c) => c.json(await listOutbox(c.var.deps.db)))
  .get('/dev/mailbox', adminOutsideTests, async (c) => c.html(outboxPage(await listOutbox(c.var.deps.db))))
  .post('/api/dev/clock', withTestClock, jsonBody(devClockInput), (c) => {
    const { clock, now } = c.var.deps;
    const { offsetMs } = c.req.valid('json');
    clock?.setOffset(offsetMs);
    return c.json({ offsetMs, now: now().toISOString() } satisfies DevClockOutput);
  });
