/**
 * Document reading figures: time per file for each format at a few sizes, through the same extractor the
 * server uses (a fresh worker thread per file; the bundled worker when `npm run build` has made it), and
 * how fast the refusals are. Prints a table; nothing is asserted.
 *   npm run bench:documents            BENCH_RUNS (5) files per row
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createExtractor } from '../src/features/documents/documents.service';
import {
  makeDocx,
  makeScannedPdf,
  makeTextPdf,
  makeZipBomb,
  SAMPLE,
  type SampleDoc,
} from '../src/features/documents/fixtures';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/documents-worker.js');
const workerFile = existsSync(dist) ? dist : undefined;
const ex = createExtractor(workerFile ? { workerFile } : {});

const scaled = (n: number): SampleDoc => ({
  ...SAMPLE,
  paragraphs: Array.from({ length: n }, (_, i) => SAMPLE.paragraphs[i % 3]!),
});
const rows: [string, () => Promise<Buffer> | Buffer][] = [
  ['docx, 3 paragraphs', () => makeDocx()],
  ['docx, 600 paragraphs', () => makeDocx(scaled(600))],
  ['pdf, 1 page', () => makeTextPdf()],
  ['pdf, 600 paragraphs', () => makeTextPdf(scaled(600))],
  ['pdf, scanned (refused)', () => makeScannedPdf()],
  ['docx zip bomb 200 MB (refused)', () => makeZipBomb(200)],
];

console.log(`worker: ${workerFile ? 'bundled (dist/documents-worker.js)' : 'source tree (tsx)'}; ${runs} runs per row`);
console.log(
  'file'.padEnd(34),
  'bytes'.padStart(9),
  'words'.padStart(7),
  'median ms'.padStart(10),
  'max ms'.padStart(8),
  ' outcome',
);
for (const [label, make] of rows) {
  const bytes = await make();
  const name = label.startsWith('pdf') ? 'bench.pdf' : 'bench.docx';
  const times: number[] = [];
  let outcome = '';
  let words = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    try {
      const doc = await ex.extract(name, bytes);
      words = doc.text.split(/\s+/).length;
      outcome = 'read';
    } catch (e) {
      outcome = `refused: ${(e as { reason?: string }).reason ?? (e as Error).message}`;
    }
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    label.padEnd(34),
    String(bytes.length).padStart(9),
    String(words).padStart(7),
    times[Math.floor(times.length / 2)]!.toFixed(0).padStart(10),
    times.at(-1)!.toFixed(0).padStart(8),
    ` ${outcome}`,
  );
}
