/**
 * Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise the local outbox table that
 * /dev/mailbox shows. Templates are plain, branded and readable in any mail client.
 */
import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import { PRODUCT_NAME } from '@plainspoken/shared';
import type { Db } from '../db/client';
import { mail_outbox } from '../db/schema';
import { html, htmlToString } from './html';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/**
 * `onOutbox` hears every mail kept in the outbox: in development the server writes its links to its own
 * output, where the operator reads them (the outbox page opens only to an administrator there).
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  db: Db;
  onOutbox?: (m: { to: string; subject: string; links: string[] }) => void;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(m) {
      await opts.db.insert(mail_outbox).values(m);
      opts.onOutbox?.({ to: m.to, subject: m.subject, links: extractLinks(m.text) });
    },
  };
}

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])];
}

export async function listOutbox(db: Db, limit = 100) {
  const rows = await db.select().from(mail_outbox).orderBy(desc(mail_outbox.created_at)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    links: extractLinks(r.text),
    createdAt: r.created_at.toISOString(),
  }));
}

/** A message with one call-to-action button; the link is also written out for text-only clients. */
export function actionMail(
  to: string,
  subject: string,
  intro: string,
  action: { label: string; url: string } | null,
  outro: string,
): Mail {
  const text = [intro, action ? `${action.label}: ${action.url}` : '', outro, `— ${PRODUCT_NAME}`]
    .filter(Boolean)
    .join('\n\n');
  const button = action
    ? html`<p style="margin:28px 0">
          <a
            href="${action.url}"
            style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block"
            >${action.label}</a
          >
        </p>
        <p style="color:#64748b;font-size:13px">
          Or paste this link into your browser:<br /><a href="${action.url}" style="color:#4f46e5;word-break:break-all"
            >${action.url}</a
          >
        </p>`
    : '';
  const body = html`<!doctype html>
    <html>
      <body
        style="margin:0;background:#f8fafc;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a"
      >
        <div style="max-width:520px;margin:0 auto;padding:32px 24px">
          <p style="font-size:18px;font-weight:700;margin:0 0 24px">
            <span style="color:#4f46e5">&#9679;</span> ${PRODUCT_NAME}
          </p>
          <div style="background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:28px">
            <p style="font-size:15px;line-height:1.6;margin:0">${intro}</p>
            ${button}
            <p style="font-size:14px;line-height:1.6;color:#475569;margin:0">${outro}</p>
          </div>
          <p style="color:#94a3b8;font-size:12px;margin-top:24px">
            You received this email because of an action on your ${PRODUCT_NAME} account.
          </p>
        </div>
      </body>
    </html>`;
  return { to, subject, text, html: htmlToString(body) };
}
