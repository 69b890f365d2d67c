/** Worker-thread entry of the engine pool: one rewrite, or one AI check, per call. */
import os from 'node:os';
import { detect } from '@plainspoken/detector';
import { humanize, sentenceAlternativesLocal, type AimOptions } from '@plainspoken/humanizer';
import type { MessagePort } from 'node:worker_threads';
import type {
  AimAnswer,
  AimAsk,
  AlternativesJob,
  AlternativesOutput,
  DetectJob,
  DetectOutput,
  EngineJob,
  EngineOutput,
} from './engine';

/** A scan the caller does not answer in this time counts as no score (the rewrite goes on without it). */
const AIM_ANSWER_MS = 30_000;

/** The aimed detector's scorer inside the worker: each scan is asked of the caller over the port. */
function aimOver(port: MessagePort, aim: NonNullable<EngineJob['aim']>): AimOptions {
  let next = 0;
  const waiting = new Map<number, (score: number | null) => void>();
  port.on('message', (a: AimAnswer) => {
    waiting.get(a.id)?.(typeof a.score === 'number' ? a.score : null);
    waiting.delete(a.id);
  });
  port.on('close', () => {
    for (const done of waiting.values()) done(null);
    waiting.clear();
  });
  return {
    name: aim.name,
    calls: aim.calls,
    score: (text) =>
      new Promise((resolve) => {
        const id = ++next;
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(null);
        }, AIM_ANSWER_MS);
        waiting.set(id, (s) => {
          clearTimeout(timer);
          resolve(s);
        });
        port.postMessage({ id, text } satisfies AimAsk);
      }),
  };
}

let niceNow = 0;
/** Sets this thread's nice value (per thread on Linux; elsewhere it may apply to the process or fail). */
function setNice(n: number | undefined) {
  if (n === undefined || n === niceNow || process.platform !== 'linux') return;
  try {
    os.setPriority(0, n);
    niceNow = n;
  } catch {
    // Not permitted here: run at the inherited priority.
  }
}

function check(job: DetectJob): DetectOutput {
  const d = detect(job.text);
  return {
    score: d.score,
    flagged: d.flagged,
    verdict: d.verdict,
    composition: d.composition,
    sentences: d.sentences.map((s) => ({
      start: s.start,
      end: s.end,
      score: s.score,
      flagged: s.flagged,
      reasons: s.features,
    })),
  };
}

export default async function run(
  job: EngineJob | ((DetectJob | AlternativesJob) & { nice?: number }),
): Promise<EngineOutput | DetectOutput | AlternativesOutput> {
  setNice(job.nice);
  if ('kind' in job && job.kind === 'detect') return check(job);
  if ('kind' in job && job.kind === 'alternatives')
    return sentenceAlternativesLocal(job.text, { start: job.start, end: job.end }, job);
  return rewrite(job);
}

async function rewrite(job: EngineJob): Promise<EngineOutput> {
  const port = job.progress;
  const aimPort = job.aimPort;
  const r = await humanize(job.text, {
    mode: job.mode,
    secondPass: job.secondPass,
    avoidText: job.avoidText,
    llm: job.llm,
    modelExpected: job.modelExpected,
    language: job.language,
    writing: job.writing,
    keep: job.keep,
    seed: job.seed,
    aim: aimPort && job.aim ? aimOver(aimPort, job.aim) : undefined,
    onProgress: port ? (e) => port.postMessage(e) : undefined,
  }).finally(() => {
    port?.close();
    aimPort?.close();
  });
  // The result as it is, less the internal checks: one type on both sides of the worker boundary.
  const { checks: _checks, ...result } = r;
  return result;
}
