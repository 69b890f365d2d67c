/**
 * The home card's working state, kept above the routes: the draft, its mode and writing options, the
 * result and the run in flight survive a visit to History (or any page) and back, and a reload of the
 * tab (sessionStorage: this tab only, gone when it closes). A run that ends while the card is not on
 * screen still lands here, so its result is there on return.
 */
import { useSyncExternalStore } from 'react';
import {
  OUTSIDE_DETECTORS,
  type HumanizeMode,
  type HumanizeOutput,
  type OutsideDetectorId,
  type WritingOptions,
} from '@plainspoken/shared';
import type { HumanizeProgress } from '../api/humanize-text';
import type { FlowStep } from './humanize-rules';

export interface HumanizeResult {
  output: HumanizeOutput;
  original: string;
  mode: HumanizeMode;
  /** The user edited the result in place (or picked a sentence alternative). */
  edited?: boolean;
}

export interface HomeDraft {
  text: string;
  mode: HumanizeMode;
  /** Writing options picked on the card (null: the user's saved ones). */
  picked: WritingOptions | null;
  /** Frozen phrases picked on the card (null: the user's saved ones). */
  pickedKeep: string[] | null;
  /** The outside detector Deep aims at (null: our own detector, the default). */
  aimAt: OutsideDetectorId | null;
  runs: number;
  lastRunText: string | null;
  result: HumanizeResult | null;
  /** The account the draft's result was made by; null while it has none (a visitor's draft). */
  owner: string | null;
  /** When (epoch ms) the server's one-rewrite-per-window limit lets the next rewrite through. */
  readyAt: number;
  // Not stored: a reload ends a run in flight.
  /** Whole seconds until readyAt, ticking down to 0 (the button's countdown). */
  cooldown: number;
  step: FlowStep;
  progress: HumanizeProgress | null;
  /** The balance before the words of the run in flight were taken off (null when none is in flight). */
  balanceBefore: number | null;
}

const STORAGE_KEY = 'plainspoken:home-draft';
const WRITE_DELAY_MS = 150;

export const EMPTY_DRAFT: HomeDraft = {
  text: '',
  mode: 'deep',
  picked: null,
  pickedKeep: null,
  aimAt: null,
  runs: 0,
  lastRunText: null,
  result: null,
  owner: null,
  readyAt: 0,
  cooldown: 0,
  step: 'idle',
  progress: null,
  balanceBefore: null,
};

type Stored = Omit<HomeDraft, 'cooldown' | 'step' | 'progress' | 'balanceBefore'>;

function read(): HomeDraft {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return EMPTY_DRAFT;
    const s = JSON.parse(raw) as Partial<Stored>;
    const d: HomeDraft = {
      ...EMPTY_DRAFT,
      text: typeof s.text === 'string' ? s.text : '',
      mode: s.mode === 'lightning' ? 'lightning' : 'deep',
      picked: s.picked ?? null,
      pickedKeep: Array.isArray(s.pickedKeep) ? s.pickedKeep : null,
      aimAt: OUTSIDE_DETECTORS.find((id) => id === s.aimAt) ?? null,
      runs: typeof s.runs === 'number' ? s.runs : 0,
      lastRunText: typeof s.lastRunText === 'string' ? s.lastRunText : null,
      result: s.result?.output ? s.result : null,
      owner: typeof s.owner === 'string' ? s.owner : null,
      readyAt: typeof s.readyAt === 'number' ? s.readyAt : 0,
    };
    d.cooldown = secondsUntil(d.readyAt);
    return { ...d, step: d.result ? 'done' : 'idle' };
  } catch {
    // Storage can be disabled (private modes) or hold something unreadable: start empty.
    return EMPTY_DRAFT;
  }
}

let state: HomeDraft | null = null;
const listeners = new Set<() => void>();
let writeTimer: ReturnType<typeof setTimeout> | null = null;

function current(): HomeDraft {
  if (!state) {
    state = read();
    // Read while rendering: the countdown starts right after.
    if (state.cooldown > 0) queueMicrotask(startTicking);
  }
  return state;
}

let ticker: ReturnType<typeof setInterval> | null = null;

function secondsUntil(readyAt: number): number {
  return Math.max(0, Math.ceil((readyAt - Date.now()) / 1000));
}

/** Counts the cooldown down (a quarter-second tick, so each second shows on time) until it is over. */
function startTicking(): void {
  if (ticker) return;
  const tick = () => {
    const left = secondsUntil(current().readyAt);
    if (left !== current().cooldown) updateHomeDraft({ cooldown: left });
    if (left === 0 && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
  };
  ticker = setInterval(tick, 250);
  tick();
}

/** The next rewrite waits until `readyAt` (epoch ms); the button counts the seconds down. */
export function startCooldown(readyAt: number): void {
  updateHomeDraft({ readyAt, cooldown: secondsUntil(readyAt) });
  startTicking();
}

function write(): void {
  writeTimer = null;
  if (!state) return;
  const { cooldown: _cooldown, step: _step, progress: _progress, balanceBefore: _before, ...stored } = state;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored satisfies Stored));
  } catch {
    // Full or disabled storage: the draft still lives in memory for this page load.
  }
}

if (typeof window !== 'undefined') {
  // Typing schedules a write; leaving the page writes at once.
  window.addEventListener('pagehide', () => {
    if (writeTimer) {
      clearTimeout(writeTimer);
      write();
    }
  });
}

/** Changes the draft (a patch, or a function of the current draft) and tells the card. */
export function updateHomeDraft(patch: Partial<HomeDraft> | ((d: HomeDraft) => Partial<HomeDraft>)): void {
  const d = current();
  state = { ...d, ...(typeof patch === 'function' ? patch(d) : patch) };
  writeTimer ??= setTimeout(write, WRITE_DELAY_MS);
  for (const l of listeners) l();
}

export function getHomeDraft(): HomeDraft {
  return current();
}

/** Forgets the draft (and its stored copy). */
export function resetHomeDraft(): void {
  if (writeTimer) clearTimeout(writeTimer);
  writeTimer = null;
  if (ticker) clearInterval(ticker);
  ticker = null;
  state = EMPTY_DRAFT;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useHomeDraft(): HomeDraft {
  return useSyncExternalStore(subscribe, current, current);
}
