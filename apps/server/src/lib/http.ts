/** Request parsing shared by every route: malformed JSON and wrong shapes become 400s with a reason. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './errors';

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
