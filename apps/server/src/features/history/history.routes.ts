/**
 * GET /api/transformations: the caller's transformations, newest first, in keyset pages (every row
 * reachable, stable under inserts); `q` keeps the entries whose original or result contains it, `mode` those
 * rewritten in that mode.
 * DELETE /api/transformations/:id: removes one of the caller's own entries (404 for anyone else's).
 * GET /api/transformations/:id (reopen), PATCH /api/transformations/:id (edit in place, re-scored for free)
 * POST /api/transformations/:id/sentence-alternatives (one sentence, its words charged when something is
 * offered) and POST …/sentence-alternatives/check (free: whether anything can be offered): see
 * result-editing.ts.
 */
import { zValidator } from '@hono/zod-validator';
import { and, desc, eq, ilike, lt, or } from 'drizzle-orm';
import {
  MSG,
  RATE_LIMITS,
  editResultInput,
  historyQuery,
  isStoredAlternative,
  sentenceAlternativesInput,
  transformationIdParam,
  type TransformationPage,
  withReason,
} from '@plainspoken/shared';
import { reservationHoldMs } from '../../domain/word-ledger';
import { transformations } from '../../db/schema';
import { createRouter } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { jsonBody, queryOf, validationError } from '../../lib/http';
import { requireUser, signedIn } from '../../lib/session';
import type { AppDeps } from '../../lib/context';
import {
  detailOf,
  editResult,
  loadOwn,
  sentenceAlternatives,
  sentenceCheck,
  type AlternativesDeps,
} from './result-editing';

/** The sentence alternatives' dependencies: the model of the entry's mode, if one writes it now. */
function alternativesDeps(d: AppDeps, entryMode: string): AlternativesDeps {
  const mode = entryMode === 'deep' ? 'deep' : 'lightning';
  return {
    db: d.db,
    engine: d.engine,
    llm: d.models ? d.models.current(mode) : d.llm,
    logger: d.logger,
    now: d.now,
    holdMs: reservationHoldMs(d.env.ENGINE_TIMEOUT_MS),
  };
}

const idParam = zValidator('param', transformationIdParam, (r) => {
  if (!r.success) throw validationError(r.error.issues);
});

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
  .get('/api/transformations/:id', signedIn, idParam, async (c) => {
    const u = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json(detailOf(await loadOwn(c.var.deps.db, u.id, c.req.valid('param').id)));
  })
  .patch('/api/transformations/:id', signedIn, idParam, jsonBody(editResultInput), async (c) => {
    const u = await requireUser(c);
    const d = c.var.deps;
    // Re-scoring is the AI check's work, under its limit (it costs no words).
    await d.limiter.hit(`check:user:${u.id}`, RATE_LIMITS.aiCheckUserMs, MSG.aiCheckWait);
    return c.json(await editResult(d, u, c.req.valid('param').id, c.req.valid('json').text));
  })
  .post(
    '/api/transformations/:id/sentence-alternatives',
    signedIn,
    idParam,
    jsonBody(sentenceAlternativesInput),
    async (c) => {
      const u = await requireUser(c);
      const d = c.var.deps;
      const { id } = c.req.valid('param');
      const row = await loadOwn(d.db, u.id, id);
      // A sentence rewrite is a rewrite: the same per-account pace as Humanize.
      await d.limiter.hit(`humanize:${u.id}`, RATE_LIMITS.humanizeMs);
      return c.json(await sentenceAlternatives(alternativesDeps(d, row.mode), u, id, c.req.valid('json')));
    },
  )
  // Whether "Rewrite this sentence" has anything to offer, before the click (free; at the AI check's pace).
  .post(
    '/api/transformations/:id/sentence-alternatives/check',
    signedIn,
    idParam,
    jsonBody(sentenceAlternativesInput),
    async (c) => {
      const u = await requireUser(c);
      const d = c.var.deps;
      const { id } = c.req.valid('param');
      const row = await loadOwn(d.db, u.id, id);
      await d.limiter.hit(`sentence-check:${u.id}`, RATE_LIMITS.sentenceCheckMs);
      return c.json(await sentenceCheck(alternativesDeps(d, row.mode), u, id, c.req.valid('json')));
    },
  )
  .get('/api/transformations', signedIn, queryOf(historyQuery), async (c) => {
    const u = await requireUser(c);
    const { cursor, limit, q, mode } = c.req.valid('query');
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
        tone: t.tone,
        reading_level: t.reading_level,
        keep: t.keep,
        edited_at: t.edited_at,
        aim: t.aim,
        engine: t.engine,
        summary: t.summary,
        notes: t.notes,
        alternative: t.alternative,
      })
      .from(t)
      .where(
        and(
          eq(t.user_id, u.id),
          mode ? eq(t.mode, mode) : undefined,
          pattern ? or(ilike(t.original_text, pattern), ilike(t.transformed_text, pattern)) : undefined,
          after ? or(lt(t.created_at, after.at), and(eq(t.created_at, after.at), lt(t.id, after.id))) : undefined,
        ),
      )
      .orderBy(desc(t.created_at), desc(t.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const body: TransformationPage = {
      items: page.map((r) => ({
        ...r,
        created_at: r.created_at.toISOString(),
        edited_at: r.edited_at ? r.edited_at.toISOString() : null,
        alternative: isStoredAlternative(r.alternative) ? withReason(r.alternative) : null,
      })),
      nextCursor:
        rows.length > limit && last
          ? Buffer.from(`${last.created_at.toISOString()}|${last.id}`).toString('base64url')
          : null,
    };
    return c.json(body);
  });
