/**
 * What the extension keeps, and where: the server address and the token in chrome.storage.local (the
 * extension's own storage, never the page's), the job on screen and a pending connection in
 * chrome.storage.session (memory only, gone when the browser closes).
 */
import type { ExtensionAccount, ExtensionCheckOutput, ExtensionHumanizeOutput } from '@plainspoken/shared/extension';

declare const __PLAINSPOKEN_SERVER__: string;
/** The site's BASE_URL when the extension was built; the options page may change it. */
export const BUILT_SERVER: string = __PLAINSPOKEN_SERVER__;

export type Action = 'humanize-deep' | 'humanize-lightning' | 'check-ai';
export const ACTIONS: readonly Action[] = ['humanize-deep', 'humanize-lightning', 'check-ai'];
export const ACTION_TITLES: Record<Action, string> = {
  'humanize-deep': 'Humanize (Deep)',
  'humanize-lightning': 'Humanize (Lightning)',
  'check-ai': 'Check for AI',
};

/**
 * Where the selection is: a text field or an editable element (Replace works), plain page text or a
 * page the extension may not read or write (Copy only), an editor drawn on a canvas (Copy only), or text
 * pasted into the panel's own box.
 */
export type Target = 'field' | 'rich' | 'page' | 'blocked' | 'canvas' | 'pasted';

export interface Failure {
  status: number;
  code: string;
  message: string;
}

export interface Job {
  id: string;
  action: Action;
  tabId: number;
  frameId: number;
  target: Target;
  text: string;
  words: number;
  status: 'reading' | 'working' | 'done' | 'failed' | 'signed-out';
  humanized?: ExtensionHumanizeOutput;
  checked?: ExtensionCheckOutput;
  error?: Failure;
  replace?: { status: 'done' | 'failed'; undoable: boolean; message: string };
}

export interface Local {
  server?: string;
  token?: string;
  account?: ExtensionAccount;
  /** Why the extension is not connected (a revoked connection), shown beside Connect. */
  notice?: string;
}

export interface Session {
  job?: Job;
  pending?: { verifier: string; tabId: number; server: string };
  connecting?: { status: 'waiting' | 'failed'; message?: string };
}

export async function readLocal(): Promise<Local> {
  return await chrome.storage.local.get<Local>(['server', 'token', 'account', 'notice']);
}
export async function readSession(): Promise<Session> {
  return await chrome.storage.session.get<Session>(['job', 'pending', 'connecting']);
}
export async function serverAddress(): Promise<string> {
  return (await readLocal()).server ?? BUILT_SERVER;
}

/** Words as the server counts them (whitespace-separated), for the panel's own line only. */
export function countWords(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/).length : 0;
}

/** Messages from the panel and the options page to the service worker. */
export type Message =
  | { type: 'connect' }
  | { type: 'disconnect' }
  | { type: 'refresh-account' }
  | { type: 'replace' }
  | { type: 'run'; action: Action; text: string };
