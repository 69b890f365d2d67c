/** The local outbox: what would have been mailed, for development. Off in production mode. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app';
import { listOutbox } from '../../lib/mail';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const devMailboxApi = new Hono<AppEnv>().get('/mailbox', async (c) => c.json(await listOutbox(c.var.deps.db)));

export const devMailboxPage = new Hono<AppEnv>().get('/mailbox', async (c) => {
  const mails = await listOutbox(c.var.deps.db);
  const items = mails
    .map(
      (m) => `<article><header><strong>${esc(m.subject)}</strong><span>to ${esc(m.to)} · ${esc(new Date(m.createdAt).toLocaleString('en-US'))}</span></header>
<iframe sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${esc(m.html)}" title="${esc(m.subject)}"></iframe>
<p class="links">${m.links.map((l) => `<a href="${esc(l)}">${esc(l)}</a>`).join('<br>')}</p></article>`,
    )
    .join('\n');
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local outbox · Plainspoken</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}main{max-width:760px;margin:0 auto;padding:24px}
h1{font-size:20px}p.note{color:#475569}article{background:#fff;border:1px solid #e2e8f0;border-radius:12px;margin:16px 0;overflow:hidden}
header{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between;padding:12px 16px;border-bottom:1px solid #e2e8f0}header span{color:#64748b;font-size:13px}
iframe{width:100%;height:420px;border:0}.links{padding:0 16px 12px;font-size:13px;word-break:break-all}a{color:#4f46e5}</style></head>
<body><main><h1>Local outbox</h1><p class="note">Mail the server would have sent. Shown because no SMTP server is configured; newest first. <a href="/">Back to Plainspoken</a></p>
${items || '<p>No mail yet.</p>'}</main></body></html>`);
});
