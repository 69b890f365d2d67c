// A stand-in worker for pool tests: waits, then echoes, so queueing and timeouts can be observed.
export default async function run(job) {
  const wait = job.text.startsWith('stall') ? 30_000 : job.text.startsWith('slow') ? 400 : 5;
  await new Promise((r) => setTimeout(r, wait));
  if (job.text.startsWith('crash')) throw new Error('worker failure');
  return {
    text: job.text.toUpperCase(),
    scoreBefore: 50,
    scoreAfter: 20,
    engine: 'local',
    sentencesAfter: [],
    tokensUsed: 0,
    ms: 1,
  };
}
