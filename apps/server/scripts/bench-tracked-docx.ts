/**
 * How long the tracked-changes Word file takes to build (on the request thread) for texts of growing size:
 * `npx tsx apps/server/scripts/bench-tracked-docx.ts`. Prints words, milliseconds (median of 5) and bytes.
 */
import { buildResultDocx } from '../src/features/documents/tracked-docx';

const ORIGINAL =
  "In today's fast-paced world, planning plays a pivotal role in how teams deliver work. Moreover, it is important to note that a clear plan reduces rework by 30 percent, because everyone knows what comes next.";
const RESULT =
  'Planning matters for how teams deliver work. Also, a clear plan reduces rework by 30 percent. Everyone knows what comes next.';

for (const paragraphs of [10, 100, 300]) {
  const original = Array.from({ length: paragraphs }, () => ORIGINAL).join('\n\n');
  const result = Array.from({ length: paragraphs }, () => RESULT).join('\n\n');
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    bytes = buildResultDocx({ original, result, date: new Date(), engine: 'local', tracked: true }).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const words = original.split(/\s+/).length;
  console.log(`${words} words, ${paragraphs} paragraphs: ${times[2]!.toFixed(0)} ms (median of 5), ${bytes} bytes`);
}
