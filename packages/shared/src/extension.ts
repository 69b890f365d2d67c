/**
 * The browser extension and the server's side of it (docs/decisions/0049). This file has no runtime
 * dependency, so the extension bundles it alone (`@plainspoken/shared/extension`); the request schemas the
 * server validates with are in extension-schemas.ts.
 *
 * Connecting: the extension opens `EXTENSION_PATHS.connect` with a PKCE challenge; the signed-in user
 * approves, the page gets a one-time code (bound to the challenge, EXTENSION_CODE_TTL_MS) and shows it in
 * its own address; the extension, which opened that tab, reads the code from it and trades it with its
 * verifier for a token of its own (`pse_…`), stored hashed, listed and revocable on the profile.
 */
import type { AiCheckOutput, HumanizeOutput, WritingPreferences } from './schemas';
import type { Tier } from './plans';
import { AI_CHECK_TITLES } from './ai-check-copy';

export { aiCheckVerdictDetail } from './ai-check-copy';

/** Every extension token starts with this; it opens only the EXTENSION_PATHS marked token-only. */
export const EXTENSION_TOKEN_PREFIX = 'pse_';
/** How many characters of a token the profile shows. */
export const EXTENSION_TOKEN_VISIBLE_CHARS = EXTENSION_TOKEN_PREFIX.length + 6;
/** How long an approval's one-time code can be traded for a token. */
export const EXTENSION_CODE_TTL_MS = 5 * 60_000;
/** Connected browsers one account may hold at once (the oldest must be disconnected first). */
export const MAX_EXTENSION_CONNECTIONS = 20;
export const EXTENSION_NAME_MAX = 60;

export const EXTENSION_PATHS = {
  /** The site's approval page (the extension opens it). */
  connect: '/extension/connect',
  // Called by the site's own pages, with the session cookie.
  approve: '/api/extension/approve',
  connections: '/api/extension/connections',
  // Called by the extension with its token only (Authorization: Bearer pse_…); no cookie is read there.
  token: '/api/extension/token',
  account: '/api/extension/account',
  humanize: '/api/extension/humanize',
  aiCheck: '/api/extension/ai-check',
} as const;

/** The paths a request from the extension may reach (cross-site, token only). */
export const EXTENSION_TOKEN_PATHS: readonly string[] = [
  EXTENSION_PATHS.token,
  EXTENSION_PATHS.account,
  EXTENSION_PATHS.humanize,
  EXTENSION_PATHS.aiCheck,
];

export const EXTENSION_MSG = {
  connect: 'Connect the extension to your Plainspoken account first.',
  missingToken: 'This browser is not connected to Plainspoken. Connect it from the extension.',
  unknownToken: 'This connection is no longer valid. Connect the extension again.',
  revokedToken: 'This browser was disconnected from your Plainspoken profile. Connect the extension again.',
  badCode: 'This approval has expired or was already used. Start again from the extension.',
  badChallenge: 'This approval link is incomplete. Start again from the extension.',
  connectionLimit: (n: number) =>
    `You can connect up to ${n} browsers. Disconnect one you no longer use on your profile first.`,
  connectionNotFound: 'Connection not found.',
} as const;

/** One connected browser, as the profile lists it. */
export interface ExtensionConnectionItem {
  id: string;
  name: string;
  /** The first EXTENSION_TOKEN_VISIBLE_CHARS characters of its token. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** GET /api/extension/connections */
export interface ExtensionConnectionList {
  connections: ExtensionConnectionItem[];
}

/** POST /api/extension/approve: the one-time code the page hands to the extension. */
export interface ExtensionApproval {
  code: string;
  expires_at: string;
}

/** POST /api/extension/token: the token, sent once. */
export interface ExtensionToken {
  token: string;
  connection: ExtensionConnectionItem;
}

/** GET /api/extension/account: who the token belongs to, their plan, balance and saved writing options. */
export interface ExtensionAccount {
  email: string;
  tier: Tier;
  balance: number;
  requestCap: number;
  minWords: number;
  writing: WritingPreferences;
}

export type ExtensionHumanizeOutput = HumanizeOutput;
export type ExtensionCheckOutput = AiCheckOutput;

export { SCORE_FLAG_AT } from './modes';
/** From here up a sentence shows "some machine-like signs", as on the site (apps/web/src/lib/score.ts). */
export const SCORE_SOME_SIGNS_AT = 30;
/** The AI check's verdict titles, as the site's AI check page shows them. */
export const DOC_VERDICT_TITLES = AI_CHECK_TITLES;
