/**
 * Server-rendered HTML (the sandbox pages, the Paddle checkout page, the local outbox, mails) goes
 * through hono/html: every interpolated value is escaped unless it is itself a template or raw().
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export { html, raw };
export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A template without async parts as a plain string (mail bodies, which are stored and sent as text). */
export function htmlToString(t: Html): string {
  if (t instanceof Promise) throw new Error('htmlToString: the template has async parts');
  return t.toString();
}

/** JSON that is safe inside a <script> element. */
export function scriptJson(v: unknown): HtmlEscapedString {
  return raw(JSON.stringify(v).replace(/</g, '\\u003c'));
}
