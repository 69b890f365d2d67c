/** Worker-thread entry of the engine pool: one rewrite, or one AI check, per call. */
import os from 'node:os';
import { detect } from '@plainspoken/detector';
import { humanize } from '@plainspoken/humanizer';
import type { DetectJob, DetectOutput, EngineJob, EngineOutput } from './engine';

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
  job: EngineJob | (DetectJob & { nice?: number }),
): Promise<EngineOutput | DetectOutput> {
  setNice(job.nice);
  if ('kind' in job && job.kind === 'detect') return check(job);
  return rewrite(job as EngineJob);
}

async function rewrite(job: EngineJob): Promise<EngineOutput> {
  const port = job.progress;
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
    onProgress: port ? (e) => port.postMessage(e) : undefined,
  }).finally(() => port?.close());
  // The result as it is, less the internal checks: one type on both sides of the worker boundary.
  const { checks: _checks, ...result } = r;
  return result;
}
