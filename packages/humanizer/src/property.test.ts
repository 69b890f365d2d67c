import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordCount } from './checks.ts';
import { humanize } from './index.ts';
import { skeleton } from './segment.ts';
import type { Mode } from './types.ts';

/** Generated documents: template sentences × AI phrases × protected spans × markdown blocks (our own text). */
const SPANS = [
  '42',
  '3.5%',
  '$1,200',
  'March 3, 2020',
  'Maria Gonzalez',
  'Acme Labs',
  '"keep it simple, please"',
  'https://example.org/guide',
  'help@example.org',
  '`npm test`',
  '(Lee et al., 2020)',
  '[the guide](https://example.org/g)',
  '**bold words**',
  'NASA',
  '#launch',
];
const OPENERS = [
  '',
  'Moreover, ',
  'Furthermore, ',
  'Additionally, ',
  'However, ',
  'In conclusion, ',
  'Ultimately, ',
  'Notably, ',
  'It is important to note that ',
];
const SUBJECTS = ['the team', 'our approach', 'this tool', 'the new policy', 'every student', 'the report', 'they'];
const VERBS = [
  'utilizes',
  'leverages',
  'showcases',
  'fosters',
  'underscores',
  'enhances',
  'will delve into',
  'does not facilitate',
  'can streamline',
  'helps',
  'supports',
];
const OBJECTS = [
  'a crucial shift',
  'the intricate details',
  'a comprehensive plan',
  'the ever-evolving landscape',
  'meticulous research',
  'robust results',
  'the plan',
  'simple habits',
];
const TAILS = [
  '',
  ' in order to save time',
  ' and it is not only fast but also cheap',
  ' \u2014 and the results are clear',
  ', which is a testament to hard work',
  ' because it is easy',
];

const sentence = fc
  .record({
    o: fc.constantFrom(...OPENERS),
    s: fc.constantFrom(...SUBJECTS),
    v: fc.constantFrom(...VERBS),
    obj: fc.constantFrom(...OBJECTS),
    span: fc.option(fc.constantFrom(...SPANS), { nil: undefined }),
    t: fc.constantFrom(...TAILS),
  })
  .map(({ o, s, v, obj, span, t }) => {
    const body = `${s} ${v} ${obj}${span ? ` with ${span}` : ''}${t}.`;
    const text = o + body;
    return text[0]!.toUpperCase() + text.slice(1);
  });

const paragraph = fc.array(sentence, { minLength: 1, maxLength: 4 }).map((ss) => ss.join(' '));
const block = fc.oneof(
  { weight: 5, arbitrary: paragraph },
  { weight: 1, arbitrary: fc.constantFrom('## Key Benefits Of The Plan', '# Results', '### What Comes Next') },
  {
    weight: 1,
    arbitrary: fc.array(sentence, { minLength: 1, maxLength: 3 }).map((ss) => ss.map((s) => `- ${s}`).join('\n')),
  },
  { weight: 1, arbitrary: fc.constant('```\nconst total = 42; // crucial\n```') },
);
const doc = fc.array(block, { minLength: 1, maxLength: 5 }).map((bs) => bs.join('\n\n'));

const count = (hay: string, needle: string): number => hay.split(needle).length - 1;

function brokenSentence(out: string): string | null {
  for (const line of out.split('\n')) {
    const body = line.replace(/^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?)/, '');
    if (!body.trim() || line.startsWith('```') || /const total/.test(line)) continue;
    if (/ {2}| ,| \.(?!\w)|\(\s*\)/.test(body)) return `spacing: ${body}`;
    if ((body.match(/\(/g) ?? []).length !== (body.match(/\)/g) ?? []).length) return `brackets: ${body}`;
    if (line.startsWith('#')) continue;
    for (const s of body.split(/(?<=[.!?])\s+(?=[A-Z"`$[(*#\d])/)) {
      if (!/^["'`$[(*#\dA-Z]/.test(s)) return `start: ${s}`;
      if (!/[.!?)"*]$/.test(s)) return `end: ${s}`;
      if (/\b(\w+) \1\b/i.test(s)) return `doubled: ${s}`;
      if (/\ban [bcdfgjklmnpqrstvwxz]/i.test(s)) return `article: ${s}`;
    }
  }
  return null;
}

for (const [mode, runs] of [
  ['lightning', 40],
  ['deep', 10],
] as [Mode, number][]) {
  describe(`properties, ${mode}`, () => {
    it('keeps spans, structure, length; deterministic; no broken sentences', async () => {
      await fc.assert(
        fc.asyncProperty(doc, fc.nat(1000), async (text, seed) => {
          const a = await humanize(text, { mode, seed });
          const b = await humanize(text, { mode, seed });
          expect(b.text).toBe(a.text);
          for (const s of SPANS) expect(count(a.text, s), s).toBe(count(text, s));
          expect(skeleton(a.text)).toEqual(skeleton(text));
          const r = wordCount(a.text) / wordCount(text);
          expect(r).toBeGreaterThanOrEqual(0.85);
          expect(r).toBeLessThanOrEqual(1.15);
          expect(brokenSentence(a.text)).toBeNull();
          expect(a.checks.spansKept).toBe(true);
          expect(/[\uE000-\uF8FF]/.test(a.text)).toBe(false);
        }),
        { numRuns: runs, seed: 20261122 },
      );
    });

    it('protected spans survive a second round through the engine', async () => {
      await fc.assert(
        fc.asyncProperty(doc, async (text) => {
          const once = (await humanize(text, { mode, seed: 1 })).text;
          const twice = (await humanize(once, { mode, seed: 2 })).text;
          for (const s of SPANS) expect(count(twice, s), s).toBe(count(text, s));
        }),
        { numRuns: Math.ceil(runs / 3), seed: 7 },
      );
    });

    it('never throws on arbitrary input', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 400 }), async (text) => {
          const r = await humanize(text, { mode, seed: 3 });
          expect(typeof r.text).toBe('string');
          if (text.trim()) expect(r.text.trim().length).toBeGreaterThan(0);
        }),
        { numRuns: runs, seed: 11 },
      );
    });
  });
}
