/** Worker-thread entry of the engine pool: one rewrite per call. */
import { humanize } from '@plainspoken/humanizer';
import type { EngineJob, EngineOutput } from './engine';

export default async function run(job: EngineJob): Promise<EngineOutput> {
  const r = await humanize(job.text, { mode: job.mode, secondPass: job.secondPass, llm: job.llm });
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
