/**
 * What the extension's endpoints need from the rest of the product, handed in by server.ts (features do
 * not import one another): the web app's own humanize and AI check flows (caps, balance, reservation and
 * refund, history, messages) and the user's saved writing options, so nothing about charging is written twice.
 */
import type { AiCheckOutput, HumanizeOutput, Tier, WritingPreferences } from '@plainspoken/shared';
import type { ExtensionCaller } from './extension.service';

/** What the AI check decided before scoring: words, cap, language, and the caller's plan. */
export interface ExtensionCheckPlan {
  words: number;
  limit: number;
  language: string;
  user: { id: string; tier: Tier } | null;
}

export interface ExtensionServices {
  /** The website's rewrite: the user's saved tone, reading level and frozen phrases, charged as on the site. */
  humanize(caller: ExtensionCaller, input: { text: string; mode: 'deep' | 'lightning' }): Promise<HumanizeOutput>;
  validateCheck(caller: ExtensionCaller, text: string, now: Date): Promise<ExtensionCheckPlan>;
  runCheck(text: string, v: ExtensionCheckPlan): Promise<AiCheckOutput>;
  loadWriting(userId: string): Promise<WritingPreferences>;
}

/** The dependency a router of this feature declares (see lib/context.ts). */
export type ExtensionExtra = { extension: ExtensionServices };
