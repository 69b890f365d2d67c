// The run-time document pass must give exactly the training path's figures: the document's family logits and
// every sentence's, while reusing the document's hashes and probabilities for nearly every sentence.
import { describe, expect, it } from 'vitest';
import { docPass, sentenceLogits } from './docpass.ts';
import { defaultWeightsDir, loadDetectorFrom } from './io.ts';
import { Detector, extract } from './model.ts';
import { ratioFeatures, select } from './lm.ts';
import { normalizeForFeatures, splitSentences } from './text.ts';

// Written for these tests: lists, a title line, links, numbers, quotes, dashes, repeats, non-ASCII letters.
const TEXTS = [
  `Title: Why Cities Need Trees\n\nIn today's fast-paced world, urban forests play a crucial role. Moreover, they cool streets by 3.5 degrees on average — a figure cited at https://example.com/docs/v2.1 in 2021.\n\n- Shade lowers energy bills for families.\n- Roots hold soil during storms and floods.\n1. Plant native species where possible.\n2. Water them weekly in the first summer.`,
  `"Are you coming?" she asked. "Yes!" he said, grabbing his coat. We left at 7:30 p.m. and got there by nine. Mr. Smith was already waiting, e.g. near the door. It rained. It rained. It rained again, harder this time, and nobody had an umbrella.`,
  `As an AI language model, I do not have personal opinions. However, here is a balanced overview of the topic. Renewable energy reduces emissions and creates jobs. Critics point to costs, intermittency and land use.`,
  `Straße, café and naïve are borrowed words. ΣΟΦΙΑ wrote ΣΑΣ twice. İstanbul is large. Prices rose from $19.99 to $24.50 (about 22.6%) — jane.doe@example.com complained to Node.js maintainers.`,
  `ok so we finally tried that taco truck. honestly? kinda mid... the salsa was great but they forgot my drink lol. my sister liked it way more than me, she got the fish ones and wouldn't shut up about them.`,
];

function spy(det: Detector): { det: Detector; fallbacks: () => number } {
  let n = 0;
  const orig = det.sentenceFamilyLogits.bind(det);
  det.sentenceFamilyLogits = (sn: string) => {
    n++;
    return orig(sn);
  };
  return { det, fallbacks: () => n };
}

describe('document pass', () => {
  const reference = loadDetectorFrom(defaultWeightsDir());

  it('gives the same document and sentence family logits as the training path, reusing the document for nearly every sentence', () => {
    const { det, fallbacks } = spy(loadDetectorFrom(defaultWeightsDir()));
    let sentences = 0;
    for (const text of TEXTS) {
      const norm = normalizeForFeatures(text);
      const pass = docPass(det, norm);
      expect(pass.logits).toEqual(reference.familyLogits(extract(norm)));
      for (const s of splitSentences(text)) {
        const sn = normalizeForFeatures(s.text);
        if (!/[A-Za-z]/.test(sn)) continue;
        sentences++;
        expect(sentenceLogits(det, pass, sn)).toEqual(reference.sentenceFamilyLogits(sn));
      }
    }
    expect(sentences).toBeGreaterThan(25);
    // Scored on their own: the title line, which the document's normalisation drops, and the four sentences of
    // the text where lower-casing changes the length ("İ" becomes two characters), so no offsets are shared.
    expect(fallbacks()).toBe(5);
  });

  it('finds the 10th and 90th percentiles by selection exactly as by sorting', () => {
    let seed = 7;
    const rand = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let t = 0; t < 500; t++) {
      const n = 1 + Math.floor(rand() * (t % 10 === 0 ? 3000 : 60));
      const a = Float64Array.from({ length: n }, () => (t % 3 === 0 ? Math.floor(rand() * 4) : rand() - 0.5));
      const sorted = a.slice().sort();
      const k = Math.floor(rand() * n);
      const b = a.slice();
      select(b, 0, n - 1, k);
      expect(b[k]).toBe(sorted[k]);
      const f = ratioFeatures(a.slice());
      expect(f[3]).toBe(sorted[Math.min(n - 1, Math.floor(0.1 * n))]);
      expect(f[4]).toBe(sorted[Math.min(n - 1, Math.floor(0.9 * n))]);
    }
  });
});
