/**
 * The service worker: the context menu and the keyboard shortcuts call one handler, runAction; it reads the
 * selection (a function injected on that action, never a content script on every page), opens the side
 * panel and asks the server, which decides words, caps and plans. The panel shows the job from storage.
 * Connecting: a PKCE exchange through the site's approval page (docs/decisions/0049).
 */
import {
  EXTENSION_MSG,
  EXTENSION_PATHS,
  type ExtensionAccount,
  type ExtensionCheckOutput,
  type ExtensionHumanizeOutput,
  type ExtensionToken,
} from '@plainspoken/shared/extension';
import { ApiFailure, request } from './api';
import { captureSelection, replaceSelection, type Captured, type Replaced } from './page';
import {
  ACTIONS,
  ACTION_TITLES,
  countWords,
  readLocal,
  readSession,
  serverAddress,
  type Action,
  type Job,
  type Message,
  type Target,
} from './state';

const MENU_ROOT = 'plainspoken';
const isAction = (v: unknown): v is Action => ACTIONS.includes(v as Action);

/** The menu on a selection or in an editable field: Humanize (Deep), Humanize (Lightning), Check for AI. */
export async function registerMenus(): Promise<void> {
  await chrome.contextMenus.removeAll();
  chrome.contextMenus.create({ id: MENU_ROOT, title: 'Plainspoken', contexts: ['selection', 'editable'] });
  for (const a of ACTIONS)
    chrome.contextMenus.create({
      id: a,
      parentId: MENU_ROOT,
      title: ACTION_TITLES[a],
      contexts: ['selection', 'editable'],
    });
}

async function saveJob(job: Job): Promise<void> {
  const { job: current } = await readSession();
  // A newer action replaced this one: its late answer is dropped.
  if (current && current.id !== job.id && job.status !== 'reading') return;
  await chrome.storage.session.set({ job });
}

/** Keeps the worker alive while a rewrite runs (Deep can take more than the idle limit). */
function keepAlive(): () => void {
  const timer = setInterval(() => void chrome.runtime.getPlatformInfo(), 20_000);
  return () => clearInterval(timer);
}

async function capture(tabId: number, frameId: number | undefined): Promise<(Captured & { frameId: number }) | null> {
  try {
    const results = await chrome.scripting.executeScript({
      target: frameId === undefined ? { tabId, allFrames: true } : { tabId, frameIds: [frameId] },
      func: captureSelection,
      args: [crypto.randomUUID()],
    });
    const found = results.map((r) => ({ ...(r.result as Captured), frameId: r.frameId }));
    return found.find((r) => r.text.trim()) ?? found.find((r) => r.target === 'canvas') ?? found[0] ?? null;
  } catch {
    return null; // a page extensions may not run in (the browser's own pages, the web store)
  }
}

/**
 * The one handler behind the menu, the shortcuts and the panel: read the selection, show the panel, ask
 * the server. `selectionText` is what the menu saw (used where the page cannot be read).
 */
export async function runAction(
  action: Action,
  tab: { id?: number; windowId?: number },
  selectionText?: string,
  frameId?: number,
): Promise<Job | null> {
  if (tab.id === undefined || tab.id < 0) return null;
  // The panel opens in the user's gesture, before anything is awaited.
  if (tab.windowId !== undefined) chrome.sidePanel.open({ windowId: tab.windowId }).catch(() => undefined);
  const id = crypto.randomUUID();
  const base = { id, action, tabId: tab.id, frameId: frameId ?? 0, text: '', words: 0, target: 'page' as Target };
  await chrome.storage.session.set({ job: { ...base, status: 'reading' } satisfies Job });
  const found = await capture(tab.id, frameId);
  let job: Job;
  if (found?.text.trim()) {
    job = { ...base, text: found.text, target: found.target, frameId: found.frameId, status: 'working' };
    // The kept selection belongs to the capture's own id: keep the two in step.
    await chrome.scripting
      .executeScript({
        target: { tabId: tab.id, frameIds: [found.frameId] },
        func: (jobId: string) => {
          const w = window as unknown as { __plainspoken?: { id: string } };
          if (w.__plainspoken) w.__plainspoken.id = jobId;
        },
        args: [id],
      })
      .catch(() => undefined);
  } else if (selectionText?.trim()) {
    job = {
      ...base,
      text: selectionText,
      target: found?.target === 'canvas' ? 'canvas' : 'blocked',
      status: 'working',
    };
  } else {
    job = {
      ...base,
      target: found?.target ?? 'blocked',
      status: 'failed',
      error: {
        status: 0,
        code: 'NO_SELECTION',
        message:
          found?.target === 'canvas'
            ? 'This editor draws its own text, so the extension cannot read the selection here. Copy the text and paste it into the box below.'
            : 'Select the text first, then choose Plainspoken again.',
      },
    };
  }
  job.words = countWords(job.text);
  return run(job);
}

/** Asks the server for the job's rewrite or check, and stores what it answered. */
async function run(job: Job): Promise<Job> {
  const { token } = await readLocal();
  if (job.status === 'working' && !token) job = { ...job, status: 'signed-out' };
  await saveJob(job);
  if (job.status !== 'working') return job;
  const stop = keepAlive();
  try {
    if (job.action === 'check-ai') {
      const checked = await request<ExtensionCheckOutput>(EXTENSION_PATHS.aiCheck, { body: { text: job.text } });
      job = { ...job, status: 'done', checked };
    } else {
      const mode = job.action === 'humanize-deep' ? 'deep' : 'lightning';
      const humanized = await request<ExtensionHumanizeOutput>(EXTENSION_PATHS.humanize, {
        body: { text: job.text, mode },
      });
      job = { ...job, status: 'done', humanized };
    }
  } catch (e) {
    const f = e instanceof ApiFailure ? e : new ApiFailure(0, 'UNKNOWN', 'Something went wrong. Please try again.');
    if (f.status === 401) await forget(f.message);
    job = {
      ...job,
      status: f.status === 401 ? 'signed-out' : 'failed',
      error: { status: f.status, code: f.code, message: f.message },
    };
  } finally {
    stop();
  }
  await saveJob(job);
  void refreshAccount();
  return job;
}

/** The panel's own box (text pasted where the page could not be read): the same run, Copy only. */
async function runText(action: Action, text: string): Promise<Job> {
  const job: Job = {
    id: crypto.randomUUID(),
    action,
    tabId: -1,
    frameId: 0,
    target: 'pasted',
    text,
    words: countWords(text),
    status: 'working',
  };
  return run(job);
}

/** Replace: the result in place of the selection, with the page's own editing command where it has one. */
export async function replaceResult(): Promise<Job | null> {
  const { job } = await readSession();
  const text = job?.humanized?.humanized_text;
  if (!job || !text || (job.target !== 'field' && job.target !== 'rich')) return job ?? null;
  let outcome: Replaced = { ok: false, undoable: false, reason: 'gone' };
  try {
    const [r] = await chrome.scripting.executeScript({
      target: { tabId: job.tabId, frameIds: [job.frameId] },
      func: replaceSelection,
      args: [job.id, text],
    });
    if (r?.result) outcome = r.result;
  } catch {
    /* the tab was closed or navigated */
  }
  const replace: Job['replace'] = outcome.ok
    ? {
        status: 'done',
        undoable: outcome.undoable,
        message: outcome.undoable
          ? 'Replaced. Undo in the page (Ctrl+Z) brings your text back.'
          : 'Replaced. This page does not keep the change in its Undo history: your selected text is under Your selection, above.',
      }
    : {
        status: 'failed',
        undoable: false,
        message:
          outcome.reason === 'changed'
            ? 'The text in the page changed since you selected it, so nothing was replaced. Copy the result instead.'
            : 'The selection is gone (the page was reloaded or the field closed), so nothing was replaced. Copy the result instead.',
      };
  const next = { ...job, replace };
  await chrome.storage.session.set({ job: next });
  return next;
}

async function forget(notice: string): Promise<void> {
  await chrome.storage.local.remove(['token', 'account']);
  await chrome.storage.local.set({ notice });
}

export async function refreshAccount(): Promise<ExtensionAccount | null> {
  if (!(await readLocal()).token) return null;
  try {
    const account = await request<ExtensionAccount>(EXTENSION_PATHS.account);
    await chrome.storage.local.set({ account });
    return account;
  } catch (e) {
    if (e instanceof ApiFailure && e.status === 401) await forget(e.message);
    return null;
  }
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function browserName(): string {
  const brands = (navigator as Navigator & { userAgentData?: { brands: { brand: string }[]; platform: string } })
    .userAgentData;
  const brand =
    brands?.brands.map((b) => b.brand).find((b) => /Edge|Chrome|Chromium|Opera|Brave/.test(b)) ?? 'Chromium';
  return `${brand.replace('Microsoft ', '').replace('Google ', '')} on ${brands?.platform || 'this computer'}`;
}

/** Opens the site's approval page with a PKCE challenge; the code comes back in that tab's address. */
export async function startConnect(): Promise<number | null> {
  const server = await serverAddress();
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const url = new URL(EXTENSION_PATHS.connect, server);
  url.searchParams.set('challenge', base64url(digest));
  url.searchParams.set('name', browserName());
  const tab = await chrome.tabs.create({ url: url.href });
  if (tab.id === undefined) return null;
  await chrome.storage.session.set({ pending: { verifier, tabId: tab.id, server }, connecting: { status: 'waiting' } });
  return tab.id;
}

/** The approval tab showed its code: trade it, with the verifier only this extension holds, for a token. */
async function finishConnect(tabId: number, address: string): Promise<void> {
  const { pending } = await readSession();
  if (!pending || pending.tabId !== tabId) return;
  const url = new URL(address);
  const code = url.searchParams.get('code');
  if (url.origin !== new URL(pending.server).origin || url.pathname !== EXTENSION_PATHS.connect || !code) return;
  await chrome.storage.session.remove('pending');
  try {
    const { token } = await request<ExtensionToken>(EXTENSION_PATHS.token, {
      body: { code, verifier: pending.verifier },
      auth: false,
    });
    await chrome.storage.local.set({ token });
    await chrome.storage.local.remove('notice');
    await chrome.storage.session.remove('connecting');
    await refreshAccount();
    await chrome.tabs.remove(tabId).catch(() => undefined);
  } catch (e) {
    await chrome.storage.session.set({
      connecting: { status: 'failed', message: e instanceof Error ? e.message : EXTENSION_MSG.badCode },
    });
  }
}

export async function disconnect(): Promise<void> {
  if ((await readLocal()).token) await request(EXTENSION_PATHS.token, { method: 'DELETE' }).catch(() => undefined);
  await chrome.storage.local.remove(['token', 'account', 'notice']);
}

chrome.runtime.onInstalled.addListener(() => void registerMenus());
chrome.runtime.onStartup.addListener(() => void registerMenus());
chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (tab && isAction(info.menuItemId)) void runAction(info.menuItemId, tab, info.selectionText, info.frameId);
});
chrome.commands.onCommand.addListener((command, tab) => {
  if (tab && isAction(command)) void runAction(command, tab);
});
chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  const address = change.url ?? (change.status === 'complete' ? tab.url : undefined);
  if (address) void finishConnect(tabId, address);
});
chrome.runtime.onMessage.addListener((msg: Message, sender, reply: (r: unknown) => void) => {
  if (sender.id !== chrome.runtime.id) return false;
  const answer = (p: Promise<unknown>) => {
    p.then(reply, (e: unknown) => reply({ error: e instanceof Error ? e.message : String(e) }));
    return true;
  };
  switch (msg.type) {
    case 'connect':
      return answer(startConnect());
    case 'disconnect':
      return answer(disconnect());
    case 'refresh-account':
      return answer(refreshAccount());
    case 'replace':
      return answer(replaceResult());
    case 'run':
      return answer(runText(msg.action, msg.text));
    default:
      return false;
  }
});

// The same handlers the menu and the shortcuts call, reachable from the worker's console and the browser tests.
Object.assign(globalThis, {
  plainspoken: { runAction, replaceResult, registerMenus, startConnect, refreshAccount, disconnect },
});
