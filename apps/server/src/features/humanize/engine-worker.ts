/** Worker-thread entry of the engine pool: one rewrite per call. */
import { humanize } from '@plainspoken/humanizer';
import type { EngineJob, EngineOutput } from './engine';

export default async function run(job: EngineJob): Promise<EngineOutput> {
  const port = job.progress;
  const r = await humanize(job.text, {
    mode: job.mode,
    secondPass: job.secondPass,
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
