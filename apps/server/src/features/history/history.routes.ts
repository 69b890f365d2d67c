/**
 * GET /api/transformations: the caller's transformations, newest first, in keyset pages (every row
 * reachable, stable under inserts); `q` keeps the entries whose original or result contains it.
 * DELETE /api/transformations/:id: removes one of the caller's own entries (404 for anyone else's).
 */
import { zValidator } from '@hono/zod-validator';
import { and, desc, eq, ilike, lt, or } from 'drizzle-orm';
import { historyQuery, transformationIdParam, type TransformationPage } from '@plainspoken/shared';
import { transformations } from '../../db/schema';
import { createRouter } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { queryOf, validationError } from '../../lib/http';
import { requireUser, signedIn } from '../../lib/session';

function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
    const d = new Date(at ?? '');
    // Cursors this server issues hold a row's creation time; a date PostgreSQL cannot store is not one.
    const year = d.getUTCFullYear();
    if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(d.getTime()) || year < 2000 || year > 9999)
      throw new Error('bad');
    return { at: d, id };
  } catch {
    throw new AppError('VALIDATION', 400, 'Invalid request. cursor: not a cursor this server issued');
  }
}

export const historyRoutes = createRouter()
  .delete(
    '/api/transformations/:id',
    signedIn,
    zValidator('param', transformationIdParam, (r) => {
      if (!r.success) throw validationError(r.error.issues);
    }),
    async (c) => {
      const u = await requireUser(c);
      const { id } = c.req.valid('param');
      const gone = await c.var.deps.db
        .delete(transformations)
        .where(and(eq(transformations.id, id), eq(transformations.user_id, u.id)))
        .returning({ id: transformations.id });
      if (gone.length === 0)
        throw new AppError('NOT_FOUND', 404, 'This history entry does not exist or was already deleted.');
      return c.json({ deleted: id });
    },
  )
  .get('/api/transformations', signedIn, queryOf(historyQuery), async (c) => {
    const u = await requireUser(c);
    const { cursor, limit, q } = c.req.valid('query');
    const t = transformations;
    const after = cursor ? decodeCursor(cursor) : null;
    // A literal search: %, _ and \\ in what the user typed match themselves.
    const pattern = q ? `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
    const rows = await c.var.deps.db
      .select({
        id: t.id,
        original_text: t.original_text,
        transformed_text: t.transformed_text,
        created_at: t.created_at,
        mode: t.mode,
        words_charged: t.words_charged,
        score_before: t.score_before,
        score_after: t.score_after,
      })
      .from(t)
      .where(
        and(
          eq(t.user_id, u.id),
          pattern ? or(ilike(t.original_text, pattern), ilike(t.transformed_text, pattern)) : undefined,
          after ? or(lt(t.created_at, after.at), and(eq(t.created_at, after.at), lt(t.id, after.id))) : undefined,
        ),
      )
      .orderBy(desc(t.created_at), desc(t.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const body: TransformationPage = {
      items: page.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
      nextCursor:
        rows.length > limit && last
          ? Buffer.from(`${last.created_at.toISOString()}|${last.id}`).toString('base64url')
          : null,
    };
    return c.json(body);
  });
