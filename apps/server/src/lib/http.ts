/** Request parsing shared by every route: malformed JSON and wrong shapes become 400s with a reason. */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { z } from 'zod';
import type { Env } from '../env';
import { AppError } from './errors';

/** The client's address: X-Forwarded-For only behind a trusted proxy (and in tests), else the socket's. */
export function clientIp(c: Context, env: Env): string {
  const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (env.TRUST_PROXY && fwd) return fwd;
  try {
    const addr = getConnInfo(c).remote.address;
    if (addr) return addr;
  } catch {
    /* in-process requests (tests) have no socket */
  }
  return (env.NODE_ENV === 'test' && fwd) || '127.0.0.1';
}

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  const raw = await c.req.text();
  if (raw.trim() === '') body = {};
  else {
    try {
      body = JSON.parse(raw);
    } catch {
      throw new AppError('BAD_REQUEST', 400, 'The request body is not valid JSON.');
    }
  }
  const r = schema.safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AppError('VALIDATION', 400, `Invalid request. ${where}${issue?.message ?? 'bad input'}`, {
      details: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return r.data;
}
