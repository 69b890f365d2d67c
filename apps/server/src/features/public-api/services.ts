/**
 * What the public API needs from the rest of the product, handed in by server.ts (features do not import
 * one another): the key lookup of the api-keys feature, and the humanize and AI check flows exactly as the
 * web app runs them (caps, balance, reservation and refund, history), so nothing about charging is
 * written twice.
 */
import type { AiCheckOutput, HumanizeOutput, ReadingLevel, Tier, WritingTone } from '@plainspoken/shared';
import type { SubscriberRow } from '../../domain/subscribers';

/** The owner of the key a request presented. */
export interface ApiCaller {
  id: string;
  email: string;
  subscriber: SubscriberRow | null;
  keyId: string;
}

export interface PublicApiServices {
  authenticate(
    secret: string,
    now: Date,
  ): Promise<
    { ok: true; keyId: string; caller: Omit<ApiCaller, 'keyId'> } | { ok: false; reason: 'unknown' | 'revoked' }
  >;
  humanize(
    caller: ApiCaller,
    input: {
      text: string;
      mode: 'deep' | 'lightning';
      useSecondPrompt: boolean;
      keep?: string[];
      tone?: WritingTone;
      readingLevel?: ReadingLevel;
    },
  ): Promise<HumanizeOutput>;
  /**
   * The rewrite of this text the caller's history got after `since`, as the answer it would have been: for a
   * retry that takes over the Idempotency-Key of a request whose process died after storing its result.
   */
  storedRewrite(caller: ApiCaller, input: { text: string; mode: string }, since: Date): Promise<HumanizeOutput | null>;
  /** The AI check's refusals that need no detector work (cap, minimum, language). */
  validateCheck(caller: ApiCaller, text: string, now: Date): Promise<CheckPlan>;
  runCheck(text: string, v: CheckPlan): Promise<AiCheckOutput>;
  /** A saved rewrite of the caller's as a Word file (tracked changes with reasons, or plain); 404 otherwise. */
  exportDocx(
    caller: ApiCaller,
    id: string,
    tracked: boolean,
  ): Promise<{ bytes: Uint8Array<ArrayBuffer>; headers: Record<string, string> }>;
}

/** What the AI check decided before scoring: words, cap, language, and the caller's plan (outside detectors). */
export interface CheckPlan {
  words: number;
  limit: number;
  language: string;
  user: { id: string; tier: Tier } | null;
}

/** The dependency a router of this feature declares (see lib/context.ts). */
export type PublicApiExtra = { publicApi: PublicApiServices };
