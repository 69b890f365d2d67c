/**
 * Rewrites run in a pool of worker threads (piscina), never on the request thread, so a long Deep
 * rewrite cannot stall other requests. A full queue is refused at once with a retry hint.
 */
import { Piscina } from 'piscina';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import os from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { HumanizeMode, HumanizeProgress, OutsideDetectorId, ScoredSentence } from '@plainspoken/shared';
import type { HumanizeResult, LanguageGuess, WritingOptions } from '@plainspoken/humanizer';
import { AppError } from '../errors';

export interface EngineLlmConfig {
  baseURL: string;
  apiKey?: string;
  model: string;
  modelDeep?: string;
  modelLightning?: string;
  /** The second opinion's calls per rewrite (HUMANIZER_SECOND_OPINION_CALLS, else the mode's default; 0 = off). */
  secondOpinionCalls?: number;
}
export interface EngineJob {
  text: string;
  mode: HumanizeMode;
  secondPass: boolean;
  /** For a second pass: the caller's previous result for this text, which the rewrite must not repeat. */
  avoidText?: string;
  llm: EngineLlmConfig | null;
  /**
   * A model was given (`llm`) or would write this rewrite were it reachable now (the provider's `expected`):
   * a local result is then a fallback. The humanizer derives the outcome and the fallback reason from it, once.
   */
  modelExpected?: boolean;
  /** The text's language as the humanize flow found it before charging; found in the worker when absent. */
  language?: LanguageGuess;
  /** Tone and reading level: in the model's prompt; the local clean-up applies what it can. */
  writing?: WritingOptions;
  /** Frozen phrases: kept verbatim by the rewrite. */
  keep?: string[];
  /** A fixed seed (sentence alternatives ask for several different rewrites of one sentence). */
  seed?: number;
  /** Set by the pool when the caller listens for progress; the worker posts ProgressEvents on it. */
  progress?: MessagePort;
  /**
   * Deep with a model: aim at one outside detector, asking it to score at most `calls` texts. The caller
   * answers each scan (`AimScan` given to `run`); the worker asks over `aimPort`, which the pool sets.
   */
  aim?: { detector: OutsideDetectorId; name: string; calls: number };
  aimPort?: MessagePort;
  /** Set by the pool: the worker thread's nice value, so rewrites yield the CPU to the request thread. */
  nice?: number;
}
/** The stages a rewrite reports, as the browser receives them in the event stream. */
export type EngineProgress = HumanizeProgress;
/** Scores a text with the aimed detector for the worker: a 0-100 score or null; must never reject. */
export type AimScan = (text: string) => Promise<number | null>;
/** The worker's question and the caller's answer over the aim port. */
export interface AimAsk {
  id: number;
  text: string;
}
export interface AimAnswer {
  id: number;
  score: number | null;
}
/**
 * What a rewrite returns across the worker boundary: the humanizer's result itself (less the internal
 * checks), one type for both sides, so a field added to the result reaches the server without a hand copy.
 */
export type EngineResult = Omit<HumanizeResult, 'checks'>;
export type EngineOutput = EngineResult;
/** The AI check: the detector's verdict on a text, scored in a worker like a rewrite. */
export interface DetectJob {
  kind: 'detect';
  text: string;
}
export interface DetectOutput {
  score: number;
  flagged: boolean;
  sentences: ScoredSentence[];
  verdict: 'ai' | 'mixed' | 'human';
  composition: { ai: number; mixed: number; human: number };
}
/** "Rewrite this sentence" without a model: the light edit's candidates for one sentence that score lower. */
export interface AlternativesJob {
  kind: 'alternatives';
  /** The whole result; the sentence is `text.slice(start, end)`. */
  text: string;
  start: number;
  end: number;
  seed: number;
  keep?: string[];
  writing?: WritingOptions;
  max: number;
}
export interface AlternativesOutput {
  /** The whole text's score as it is. */
  original: number;
  /** Candidates with which the whole text scores lower, lowest first. */
  alternatives: { text: string; score: number }[];
}
export interface Engine {
  /** The light edit's candidates for one sentence that make the whole text score lower (in a worker). */
  alternatives(job: Omit<AlternativesJob, 'kind'>): Promise<AlternativesOutput>;
  /** `aimScan` answers the aimed detector's scans when the job has `aim` (without it, nothing is aimed). */
  run(job: EngineJob, onProgress?: (e: EngineProgress) => void, aimScan?: AimScan): Promise<EngineOutput>;
  /** Scores a text with the detector off the request thread (Lightning's pool: the work is short). */
  detect(text: string): Promise<DetectOutput>;
  stats(): { threads: number; queued: number; running: number };
  close(): Promise<void>;
}

function workerFile(): { filename: string; execArgv: string[] } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, 'engine-worker.js');
  if (existsSync(bundled)) return { filename: bundled, execArgv: [] };
  // Source tree (tests, dev): a small ESM entry registers tsx inside the worker and loads the TypeScript.
  return { filename: path.join(here, 'engine-worker-dev.mjs'), execArgv: [] };
}

/**
 * Two pools over the same worker: Lightning may use every core (its rewrites are short), Deep leaves one
 * core to the request thread so long rewrites cannot starve everyone else's requests. Worker threads also
 * run at a lower CPU priority than the request thread (Linux applies nice values per thread): when the
 * cores are contended, answering requests comes first and Deep comes last.
 */
export const WORKER_NICE = { lightning: 5, deep: 10 } as const;

/** Model-backed rewrites one worker thread runs at once (each mostly waits on the provider). */
export const MODEL_TASKS_PER_WORKER = 16;

export function createEnginePool(opts: {
  threads?: number;
  queueLimit: number;
  timeoutMs: number;
  onError?: (e: Error) => void;
  workerFilename?: string;
}): Engine {
  const cores = os.availableParallelism();
  const threads = opts.threads ?? Math.max(1, Math.min(4, cores));
  const deepThreads = opts.threads ?? Math.max(1, Math.min(4, cores - 1));
  const { filename, execArgv } = opts.workerFilename ? { filename: opts.workerFilename, execArgv: [] } : workerFile();
  const make = (maxThreads: number, minThreads: number, concurrentTasksPerWorker = 1) => {
    const p = new Piscina({
      filename,
      execArgv,
      minThreads,
      maxThreads,
      concurrentTasksPerWorker,
      // A worker that runs several rewrites takes its tasks as messages: with Atomics it would wait for the
      // next task in Atomics.wait and hold every model call in flight on that thread.
      atomics: concurrentTasksPerWorker > 1 ? 'disabled' : 'sync',
      maxQueue: opts.queueLimit,
      idleTimeout: 60_000,
    });
    // A worker that dies is replaced by the pool; the error must not take the whole server down.
    p.on('error', (e: Error) => opts.onError?.(e));
    return p;
  };
  const pools = {
    lightning: make(threads, 1),
    deep: make(deepThreads, 0),
    // Model-backed rewrites spend most of their time waiting on the provider: many share a worker thread
    // (their CPU steps, the detector and the clean-up, interleave between the waits), so a slow provider
    // does not hold one CPU worker per rewrite and eight users' Deep rewrites wait on the model together.
    // They may use every core: their CPU steps are short, and between them the threads only wait.
    model: make(threads, 0, MODEL_TASKS_PER_WORKER),
  };
  const busy = () =>
    new AppError('ENGINE_BUSY', 503, 'The rewriting service is busy right now. Please try again in a few seconds.', {
      retryAfter: 5,
    });
  return {
    async run(job, onProgress, aimScan) {
      const pool = job.llm ? pools.model : pools[job.mode];
      job = { ...job, nice: WORKER_NICE[job.mode] };
      if (pool.queueSize >= opts.queueLimit) throw busy();
      const ac = new AbortController();
      const timer = setTimeout(() => ac.abort(), opts.timeoutMs);
      const channel = onProgress ? new MessageChannel() : null;
      if (channel && onProgress) channel.port1.on('message', (e: EngineProgress) => onProgress(e));
      // Aimed at an outside detector: the worker asks for each scan here, where the allowance is counted.
      const aimChannel = job.aim && aimScan ? new MessageChannel() : null;
      if (aimChannel && aimScan)
        aimChannel.port1.on('message', (q: AimAsk) => {
          void aimScan(q.text)
            .catch(() => null)
            .then((score) => aimChannel.port1.postMessage({ id: q.id, score } satisfies AimAnswer));
        });
      if (!aimChannel) job = { ...job, aim: undefined };
      // Piscina runs a task that carries an abort signal alone on its worker, so model-backed rewrites run
      // without one: the timeout answers the caller here, and the rewrite itself stops at the model loop's
      // own deadline (at most 60 s of provider calls).
      const shared = pool === pools.model;
      const signal = shared ? {} : { signal: ac.signal };
      try {
        const ports = [channel?.port2, aimChannel?.port2].filter((p): p is MessagePort => p !== undefined);
        const task =
          ports.length > 0
            ? pool.run(
                { ...job, progress: channel?.port2, aimPort: aimChannel?.port2 },
                { ...signal, transferList: ports },
              )
            : pool.run(job, signal);
        if (!shared) return (await task) as EngineOutput;
        task.catch(() => {});
        const stopped = new Promise<never>((_resolve, reject) =>
          ac.signal.addEventListener('abort', () => reject(new Error('timed out')), { once: true }),
        );
        return (await Promise.race([task, stopped])) as EngineOutput;
      } catch (e) {
        if (ac.signal.aborted)
          throw new AppError(
            'ENGINE_FAILED',
            502,
            'The rewrite took too long and was stopped. No words were charged. Please try again.',
          );
        if (/queue is full/i.test((e as Error).message ?? '')) throw busy();
        throw e;
      } finally {
        clearTimeout(timer);
        channel?.port1.close();
        aimChannel?.port1.close();
      }
    },
    async alternatives(job) {
      const pool = pools.lightning;
      if (pool.queueSize >= opts.queueLimit) throw busy();
      try {
        return (await pool.run(
          { ...job, kind: 'alternatives', nice: WORKER_NICE.lightning } satisfies AlternativesJob & { nice: number },
          { signal: AbortSignal.timeout(opts.timeoutMs) },
        )) as AlternativesOutput;
      } catch (e) {
        if (/queue is full/i.test((e as Error).message ?? '')) throw busy();
        throw e;
      }
    },
    async detect(text) {
      const pool = pools.lightning;
      if (pool.queueSize >= opts.queueLimit) throw busy();
      try {
        return (await pool.run(
          { kind: 'detect', text, nice: WORKER_NICE.lightning } satisfies DetectJob & { nice: number },
          { signal: AbortSignal.timeout(opts.timeoutMs) },
        )) as DetectOutput;
      } catch (e) {
        if (/queue is full/i.test((e as Error).message ?? '')) throw busy();
        throw e;
      }
    },
    stats: () => ({
      threads: pools.lightning.threads.length + pools.deep.threads.length + pools.model.threads.length,
      queued: pools.lightning.queueSize + pools.deep.queueSize + pools.model.queueSize,
      running: (pools.lightning.utilization + pools.deep.utilization + pools.model.utilization) / 3,
    }),
    close: async () => {
      await Promise.all([pools.lightning.destroy(), pools.deep.destroy(), pools.model.destroy()]);
    },
  };
}
