/**
 * `npm run bench:language`: how far the three sentence splitters of the product agree, on every fifth corpus
 * text. The check's splitter (model/faithfulness/sentences.ts, also the meaning report's), the detector's (its
 * trained features and the AI check's highlights) and the light edit's (sentences of masked prose blocks,
 * local/prepare.ts) are compared as lists of sentences, spacing aside. The figures decide whether one splitter
 * can serve all three (docs/decisions/0062).
 */
import { splitSentences as detectorSentences } from '@plainspoken/detector';
import { loadCorpus } from './corpus.ts';
import { prepare } from './local/prepare.ts';
import { splitSentences as checkSentences } from './model/faithfulness/sentences.ts';
import { unmask } from './protect.ts';

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

function lightEditSentences(text: string): string[] {
  const doc = prepare(text);
  return doc.prose.flatMap((b) => b.sents.map((s) => squash(unmask(s.orig, doc.spans)))).filter(Boolean);
}

const SPLITTERS: Record<string, (t: string) => string[]> = {
  check: (t) => checkSentences(t).map((s) => squash(s.text)),
  detector: (t) => detectorSentences(t).map((s) => squash(s.text)),
  'light edit': lightEditSentences,
};

function main(): void {
  const rows = loadCorpus().filter((_, i) => i % 5 === 0);
  if (rows.length === 0) {
    console.log('corpus not found (set CORPUS_DIR); nothing to measure');
    return;
  }
  const names = Object.keys(SPLITTERS);
  const split = rows.map((r) => Object.fromEntries(names.map((n) => [n, SPLITTERS[n]!(r.text)])));
  console.log(`texts: ${rows.length} (every fifth corpus text)`);
  for (const n of names) console.log(`  ${n.padEnd(10)} ${split.reduce((k, s) => k + s[n]!.length, 0)} sentences`);
  console.log('\npair                    texts split alike   sentences of A also in B   of B also in A');
  for (let x = 0; x < names.length; x++)
    for (let y = x + 1; y < names.length; y++) {
      const a = names[x]!;
      const b = names[y]!;
      let alike = 0;
      let aIn = 0;
      let bIn = 0;
      let aAll = 0;
      let bAll = 0;
      for (const s of split) {
        const A = s[a]!;
        const B = s[b]!;
        const setA = new Set(A);
        const setB = new Set(B);
        if (A.length === B.length && A.every((t, i) => t === B[i])) alike++;
        aIn += A.filter((t) => setB.has(t)).length;
        bIn += B.filter((t) => setA.has(t)).length;
        aAll += A.length;
        bAll += B.length;
      }
      const pc = (k: number, n: number): string => `${((100 * k) / Math.max(1, n)).toFixed(1)}%`;
      console.log(
        `${`${a} / ${b}`.padEnd(24)}${pc(alike, split.length).padStart(17)}${pc(aIn, aAll).padStart(27)}${pc(bIn, bAll).padStart(17)}`,
      );
    }
}

main();
