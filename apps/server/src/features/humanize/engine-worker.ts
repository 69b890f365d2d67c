/** Worker-thread entry of the engine pool: one rewrite per call. */
import os from 'node:os';
import { humanize } from '@plainspoken/humanizer';
import type { EngineJob, EngineOutput } from './engine';

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

export default async function run(job: EngineJob): Promise<EngineOutput> {
  setNice(job.nice);
  const port = job.progress;
  const r = await humanize(job.text, {
    mode: job.mode,
    secondPass: job.secondPass,
    avoidText: job.avoidText,
    llm: job.llm,
    onProgress: port ? (e) => port.postMessage(e) : undefined,
  }).finally(() => port?.close());
  return {
    text: r.text,
    scoreBefore: r.scoreBefore,
    scoreAfter: r.scoreAfter,
    engine: r.engine,
    engineNote: r.engineNote,
    sentencesAfter: r.sentencesAfter,
    tokensUsed: r.tokensUsed,
    ms: r.ms,
  };
}
