/**
 * The HTTP edge shared by every route: the client's address, and request validation through
 * @hono/zod-validator with ONE error hook. Malformed JSON is refused by Hono's validator with a 400
 * (app.ts's onError words it as BAD_REQUEST); a body or query of the wrong shape becomes
 * {error:{code:'VALIDATION', message, details}}.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import type { Env } from '../env';
import { AppError } from './errors';

/** better-auth reads the client IP from this one header, which only this server sets. */
export const CLIENT_IP_HEADER = 'x-plainspoken-client-ip';

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

/** The one validation error: the first issue in the message, every issue in details. */
export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const issue = issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return new AppError('VALIDATION', 400, `Invalid request. ${where}${issue?.message ?? 'bad input'}`, {
    details: issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

/** The hook every validator shares: a failed parse throws the VALIDATION error (onError answers it). */
const onInvalid = (result: { success: boolean; error?: { issues: readonly z.core.$ZodIssue[] } }) => {
  if (!result.success) throw validationError(result.error?.issues ?? []);
};

/** Validates the JSON body; the handler reads it with c.req.valid('json'). */
export const jsonBody = <S extends z.ZodType>(schema: S) => zValidator('json', schema, onInvalid);

/** Validates the query string; the handler reads it with c.req.valid('query'). */
export const queryOf = <S extends z.ZodType>(schema: S) => zValidator('query', schema, onInvalid);

/** Validates the form body (the sandbox pages' posts); the handler reads it with c.req.valid('form'). */
export const formBody = <S extends z.ZodType>(schema: S) => zValidator('form', schema, onInvalid);
