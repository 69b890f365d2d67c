/** One row per rewrite in engine_usage: what wrote it, with which model, what it cost and how long it took. */
import type { HumanizeMode } from '@plainspoken/shared';
import type { Database } from '../../db/client';
import { engine_usage } from '../../db/schema';
import type { ProviderKind } from './provider';
import type { EngineOutput } from './engine';

export async function recordUsage(
  db: Database['db'],
  r: {
    mode: HumanizeMode;
    provider: ProviderKind;
    words: number;
    out: EngineOutput;
    fellBack: boolean;
    fallbackReason: string | null;
    at: Date;
  },
): Promise<void> {
  await db.insert(engine_usage).values({
    created_at: r.at,
    mode: r.mode,
    engine: r.out.engine,
    provider: r.provider,
    model: r.out.model ?? null,
    words: r.words,
    tokens_in: r.out.tokensIn,
    tokens_out: r.out.tokensOut,
    candidates: r.out.candidates,
    duration_ms: Math.max(0, Math.round(r.out.ms)),
    fell_back: r.fellBack,
    fallback_reason: r.fallbackReason,
    guard_rejected: r.out.guardRejected,
    set_aside: r.out.setAside ?? [],
  });
}
