/**
 * The writing options (tone, reading level) and frozen phrases a user last chose, and the ones a rewrite
 * uses. The options endpoint is their one writer; a rewrite only reads them (decision 0031).
 */
import { eq } from 'drizzle-orm';
import {
  DEFAULT_WRITING,
  type ReadingLevel,
  type WritingOptions,
  type WritingPreferences,
  type WritingTone,
} from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { writing_preferences } from '../../db/schema';
import type { Logger } from '../../lib/logger';

/** The writing options and frozen phrases the user last chose (the defaults before any choice). */
export async function loadWriting(db: Db, userId: string): Promise<WritingPreferences> {
  const rows = await db.select().from(writing_preferences).where(eq(writing_preferences.user_id, userId)).limit(1);
  const r = rows[0];
  return r
    ? { tone: r.tone as WritingTone, readingLevel: r.reading_level as ReadingLevel, keep: r.keep ?? [] }
    : { ...DEFAULT_WRITING, keep: [] };
}

/**
 * Saves the writing options, and the frozen phrases when given (absent: the saved ones stay). The options
 * endpoint is the one writer: a rewrite only reads them (see `rewriteOptions`).
 */
export async function saveWriting(
  db: Db,
  userId: string,
  o: WritingOptions & { keep?: string[] },
  now: Date,
): Promise<WritingPreferences> {
  const keep = o.keep === undefined ? undefined : uniqueKeep(o.keep);
  const rows = await db
    .insert(writing_preferences)
    .values({ user_id: userId, tone: o.tone, reading_level: o.readingLevel, keep: keep ?? [], updated_at: now })
    .onConflictDoUpdate({
      target: writing_preferences.user_id,
      set: { tone: o.tone, reading_level: o.readingLevel, ...(keep ? { keep } : {}), updated_at: now },
    })
    .returning({ keep: writing_preferences.keep });
  return { tone: o.tone, readingLevel: o.readingLevel, keep: rows[0]?.keep ?? keep ?? [] };
}

/** Frozen phrases as stored: trimmed, inner whitespace collapsed, repeats (ignoring case) dropped. */
export function uniqueKeep(keep: readonly string[]): string[] {
  const seen = new Set<string>();
  return keep
    .map((k) => k.replace(/\s+/g, ' ').trim())
    .filter((k) => k.length > 0 && !seen.has(k.toLowerCase()) && Boolean(seen.add(k.toLowerCase())));
}

/**
 * The writing options and frozen phrases a rewrite uses: what the request sends, else (on the website) what
 * the user saved, else the defaults. Nothing is written here: the options endpoint saves them, so a rewrite
 * never changes what the website remembers, and a public API call never uses it (decision 0031).
 */
export async function rewriteOptions(
  deps: { db: Db; logger: Logger },
  userId: string,
  input: { tone?: WritingTone; readingLevel?: ReadingLevel; keep?: string[]; source?: 'web' | 'api' },
): Promise<{ writing: WritingOptions; keep: string[] }> {
  let saved: WritingPreferences = { ...DEFAULT_WRITING, keep: [] };
  const missing = input.tone === undefined || input.readingLevel === undefined || input.keep === undefined;
  if (input.source !== 'api' && missing)
    try {
      saved = await loadWriting(deps.db, userId);
    } catch (e) {
      deps.logger.warn('saved writing options not read', { error: (e as Error).message });
    }
  return {
    writing: { tone: input.tone ?? saved.tone, readingLevel: input.readingLevel ?? saved.readingLevel },
    keep: input.keep ? uniqueKeep(input.keep) : saved.keep,
  };
}
