import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAMILY_NAMES, detect, detectScore, loadDetector, scoreFamilies, splitSentences } from './index.ts';
import { calibrate } from './model.ts';
import { CASUAL_PILEUP, STYLO_NAMES, stylometric } from './stylometry.ts';
import { normalizeForFeatures, tokenize } from './text.ts';
import { heuristicReasons } from './explain.ts';
import { loadDetectorFrom } from './io.ts';

// Written for these tests; deliberately full of stock phrasing.
const AI_PARAGRAPH = `In today's fast-paced digital landscape, it is important to note that technology plays a crucial role in shaping how we communicate. Moreover, it fosters innovation and enhances collaboration across diverse communities. Furthermore, by leveraging cutting-edge tools, organizations can streamline their operations and unlock their full potential. Ultimately, embracing these advancements is essential for navigating the complexities of the modern world and ensuring a brighter future for everyone.`;

// Written for these tests in a casual, personal register.
const HUMAN_PARAGRAPH = `ok so we finally tried that taco truck by the laundromat on saturday. honestly? kinda mid. the salsa was great but they forgot my drink and the guy at the window was on his phone the whole time lol. my sister liked it way more than me, she got the fish ones and wouldn't shut up about them. prob won't go back unless somebody else is paying, or it's 2am and nothing else is open.`;

const pkgDir = fileURLToPath(new URL('..', import.meta.url));

describe('detect', () => {
  it('scores an obvious AI paragraph above a casual human one', () => {
    const ai = detect(AI_PARAGRAPH);
    const hu = detect(HUMAN_PARAGRAPH);
    expect(ai.score).toBeGreaterThan(hu.score);
    expect(ai.flagged).toBe(true);
    expect(hu.flagged).toBe(false);
    expect(Number.isInteger(ai.score)).toBe(true);
    for (const f of FAMILY_NAMES) expect(ai.families[f]).toBeTypeOf('number');
  });

  it('is deterministic', () => {
    const a = detect(AI_PARAGRAPH);
    loadDetector();
    const b = detect(AI_PARAGRAPH);
    expect(b).toEqual(a);
    expect(scoreFamilies(AI_PARAGRAPH, ['ngram'])).toBe(scoreFamilies(AI_PARAGRAPH, ['ngram']));
  });

  it('gives the same document score and flag without the sentence scores', () => {
    const texts = [
      AI_PARAGRAPH,
      HUMAN_PARAGRAPH,
      '',
      'Too short to score.',
      `${AI_PARAGRAPH}\n\n${HUMAN_PARAGRAPH}`,
      'Honestly the bus was late again so I walked, which took forever, and then the shop had closed anyway.',
    ];
    for (const t of texts) {
      const d = detect(t);
      expect(detectScore(t)).toEqual({ score: d.score, flagged: d.flagged });
    }
  });

  it('handles empty and very short input', () => {
    for (const t of ['', '   ', 'Hi.', 'Two words', '\n\n']) {
      const d = detect(t);
      expect(d.score).toBe(0);
      expect(d.flagged).toBe(false);
      expect(scoreFamilies(t)).toBe(0);
    }
    expect(detect(undefined as unknown as string).score).toBe(0);
  });

  it('gives per-sentence scores with offsets and reasons', () => {
    const d = detect(AI_PARAGRAPH);
    expect(d.sentences.length).toBe(4);
    for (const s of d.sentences) {
      expect(AI_PARAGRAPH.slice(s.start, s.end)).toBe(s.text);
      expect(s.score).toBeGreaterThanOrEqual(0);
      expect(s.score).toBeLessThanOrEqual(100);
      expect(s.flagged).toBe(s.score >= 50);
    }
    expect(d.sentences.some((s) => s.features.includes('stock phrase'))).toBe(true);
  });

  it('holds families out', () => {
    const all = scoreFamilies(AI_PARAGRAPH);
    for (const f of FAMILY_NAMES) {
      const v = scoreFamilies(AI_PARAGRAPH, [f]);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(100);
    }
    expect(all).toBeGreaterThan(scoreFamilies(HUMAN_PARAGRAPH));
    expect(scoreFamilies(AI_PARAGRAPH, [...FAMILY_NAMES])).toBe(0);
  });
});

describe('casual markers', () => {
  const figures = (text: string): { markers: number; pileup: number } => {
    const norm = normalizeForFeatures(text);
    const x = stylometric(norm, tokenize(norm));
    expect(x).toHaveLength(STYLO_NAMES.length);
    return { markers: x[STYLO_NAMES.indexOf('casual_markers')]!, pileup: x[STYLO_NAMES.indexOf('casual_pileup')]! };
  };
  // Written for these tests, in the voice a model produces when told to sound casual.
  const PILED = `OMG, so like, you know how volcanoes are super cool, right? Basically there's this totally crazy hot stuff underground, and it's gonna push up, y’know? Then boom, lava everywhere, dude. Kinda awesome but also yikes.`;

  it('counts casual words and phrases per 100 words, with curly apostrophes', () => {
    const words = PILED.match(/[A-Za-z]+(?:['\u2019][A-Za-z]+)*/g)!.length;
    // OMG, "like,", "you know", super, cool, "right?", basically, totally, crazy, stuff, gonna, y'know, dude,
    // kinda, awesome, yikes
    const { markers, pileup } = figures(PILED);
    const rate = (100 * 16) / words;
    expect(markers).toBeCloseTo(Math.log1p(rate), 9);
    expect(pileup).toBeCloseTo(Math.log1p(rate - CASUAL_PILEUP), 9);
  });

  it('leaves formal text at zero and a casual word now and then below the pile-up point', () => {
    expect(figures(AI_PARAGRAPH)).toEqual({ markers: 0, pileup: 0 });
    const one = figures(
      `We walked to the station before noon. The train was late, so we sat on the bench and read the paper. Okay, the coffee there is not good, but it was warm and the platform was quiet for once. Nobody seemed to mind the wait, and the conductor apologised twice when it finally came.`,
    );
    expect(one.markers).toBeGreaterThan(0);
    expect(one.pileup).toBe(0);
  });

  it('names piled-up slang as a sentence reason, and not a single casual word', () => {
    const [first] = splitSentences(PILED);
    expect(heuristicReasons(first!.text, { uniform: false, meanLen: 10 })).toContain('piled-up slang');
    expect(
      heuristicReasons('Then boom, lava everywhere, dude y\u2019know.', { uniform: false, meanLen: 10 }),
    ).toContain('piled-up slang');
    expect(
      heuristicReasons('Okay, the coffee there is not good, but it was warm.', { uniform: false, meanLen: 10 }),
    ).not.toContain('piled-up slang');
    const d = detect(PILED);
    expect(d.sentences.some((s) => s.features.includes('piled-up slang'))).toBe(true);
  });

  it('raises the document score of piled-up slang over the same content said plainly', () => {
    const plain = `Volcanoes are interesting. Very hot molten rock lies underground, and pressure pushes it upward. Then it erupts and lava flows everywhere. It is impressive and also frightening to watch from nearby.`;
    expect(detectScore(PILED).score).toBeGreaterThan(detectScore(plain).score);
  });
});

describe('calibration', () => {
  it('is monotone in the logit and splits at the threshold', () => {
    const cal = {
      threshold: 1,
      human: Array.from({ length: 201 }, (_, i) => -3 + (i / 200) * 4.5),
      ai: Array.from({ length: 101 }, (_, i) => 1 + i / 20),
    };
    let prev = -1;
    for (let x = -6; x <= 9; x += 0.01) {
      const s = calibrate(cal, x);
      expect(s).toBeGreaterThanOrEqual(prev);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(100);
      expect(s >= 50).toBe(x >= 1);
      prev = s;
    }
  });

  it('shipped scores rise with AI-like content', () => {
    const parts = AI_PARAGRAPH.split('. ');
    const mixed = HUMAN_PARAGRAPH + ' ' + parts.slice(0, 2).join('. ') + '.';
    expect(detect(mixed).score).toBeGreaterThanOrEqual(detect(HUMAN_PARAGRAPH).score);
    expect(detect(AI_PARAGRAPH).score).toBeGreaterThanOrEqual(detect(mixed).score);
  });
});

describe('splitSentences', () => {
  it('splits on terminal punctuation and line breaks, not on abbreviations or decimals', () => {
    const t =
      'Dr. Smith paid $3.50 for it. Was it worth it? "Yes!" she said.\nA heading\nThe U.S. team won, e.g. twice.';
    const s = splitSentences(t).map((x) => x.text);
    expect(s).toEqual([
      'Dr. Smith paid $3.50 for it.',
      'Was it worth it?',
      '"Yes!" she said.',
      'A heading',
      'The U.S. team won, e.g. twice.',
    ]);
    for (const x of splitSentences(t)) expect(t.slice(x.start, x.end)).toBe(x.text);
    expect(splitSentences('')).toEqual([]);
  });

  // Texts written for these tests.
  const expectExact = (t: string): { text: string; start: number; end: number }[] => {
    const spans = splitSentences(t);
    for (const x of spans) {
      expect(t.slice(x.start, x.end)).toBe(x.text);
      expect(x.text).not.toMatch(/[\n\r]/);
      expect(x.text).toBe(x.text.trim());
    }
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    return spans;
  };

  it('keeps numbers, prices, URLs, emails, versions and dotted names inside one sentence', () => {
    const t =
      'Prices rose 3.5% to $19.99 last week. See https://example.com/docs/v2.1/index.html?x=1.5 for details. ' +
      'Write to jo.smith@example.com or visit example.com today. We moved from Node.js 18.2.1 to v20.11.0 and it was fine. ' +
      'The ratio was 0.75, i.e. three quarters.';
    expect(expectExact(t).map((x) => x.text)).toEqual([
      'Prices rose 3.5% to $19.99 last week.',
      'See https://example.com/docs/v2.1/index.html?x=1.5 for details.',
      'Write to jo.smith@example.com or visit example.com today.',
      'We moved from Node.js 18.2.1 to v20.11.0 and it was fine.',
      'The ratio was 0.75, i.e. three quarters.',
    ]);
  });

  it('never lets a sentence cross a line or paragraph break', () => {
    const t =
      'Shopping list\n- eggs and milk\n- bread. Also jam\n* coffee beans\n• tea\n\n1. Preheat the oven to 180 degrees.\n2. Mix the flour.\n' +
      '-----\nA new paragraph starts here. It has two sentences\r\nand a Windows line break.\n\nLast line without a stop';
    expect(expectExact(t).map((x) => x.text)).toEqual([
      'Shopping list',
      'eggs and milk',
      'bread.',
      'Also jam',
      'coffee beans',
      'tea',
      'Preheat the oven to 180 degrees.',
      'Mix the flour.',
      'A new paragraph starts here.',
      'It has two sentences',
      'and a Windows line break.',
      'Last line without a stop',
    ]);
  });

  it('gives detect() sentence offsets into the raw text, including emoji and curly quotes', () => {
    const t =
      '“Honestly,” she said, “the 2.0 release was late.” 😅 We shipped it on 3 May.\n\n- Fixed: login on example.org\n- Added: dark mode (finally).\nThanks to everyone who tested v2.0.1!';
    const d = detect(t);
    expect(d.sentences.length).toBe(5);
    for (const s of d.sentences) {
      expect(t.slice(s.start, s.end)).toBe(s.text);
      expect(s.text).not.toMatch(/\n/);
      expect(Array.isArray(s.features)).toBe(true);
    }
    expect(d.sentences.map((s) => s.text)).toContain('Fixed: login on example.org');
  });
});

describe('cli', () => {
  it('scores JSONL in order and reports bad lines', () => {
    const input = [
      JSON.stringify({ id: 'one', text: AI_PARAGRAPH }),
      '{not json',
      JSON.stringify({ id: 'two', text: HUMAN_PARAGRAPH }),
      JSON.stringify({ id: 'three' }),
      JSON.stringify({ id: 'four', text: '' }),
    ].join('\n');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--jsonl'], {
      cwd: pkgDir,
      input,
      encoding: 'utf8',
    });
    const out = r.stdout
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            id: string;
            score: number;
            flagged: boolean;
            sentences: { text: string; score: number }[];
          },
      );
    expect(out.map((o) => o.id)).toEqual(['one', 'two', 'four']);
    expect(out[0]!.score).toBeGreaterThan(out[1]!.score);
    expect(out[0]!.sentences[0]).toHaveProperty('text');
    expect(r.stderr).toMatch(/line 2/);
    expect(r.stderr).toMatch(/line 4/);
  });

  it('prints one object for plain text', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts'], {
      cwd: pkgDir,
      input: HUMAN_PARAGRAPH,
      encoding: 'utf8',
    });
    const o = JSON.parse(out) as { score: number; sentences: unknown[] };
    expect(o.score).toBeTypeOf('number');
    expect(o.sentences.length).toBeGreaterThan(1);
  });
});

describe('weights', () => {
  it('are under 20 MB', () => {
    const dir = fileURLToPath(new URL('../weights/', import.meta.url));
    const total = readdirSync(dir).reduce((s, f) => s + statSync(dir + f).size, 0);
    expect(total).toBeLessThan(20 * 1024 * 1024);
  });

  it('written by another version of the detector are refused with a message that says what to do', () => {
    const shipped = JSON.parse(
      readFileSync(fileURLToPath(new URL('../weights/manifest.json', import.meta.url)), 'utf8'),
    ) as Record<string, unknown> & { stylometric: { features: string[] } };
    const dir = mkdtempSync(join(tmpdir(), 'detector-weights-'));
    try {
      const write = (m: object): void => writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m));
      write({ ...shipped, casual: undefined });
      expect(() => loadDetectorFrom(dir)).toThrow(
        /another version of the detector \(it has no casual family\); rebuild the weights with npm run train:detector/,
      );
      write({ ...shipped, stylotrees: undefined });
      expect(() => loadDetectorFrom(dir)).toThrow(/another version of the detector \(it has no stylotrees family\)/);
      write({
        ...shipped,
        stylometric: { ...shipped.stylometric, features: shipped.stylometric.features.slice(0, 35) },
      });
      expect(() => loadDetectorFrom(dir)).toThrow(`stylometric figures are not this version's ${STYLO_NAMES.length}`);
      write({ ...shipped, calibrations: [] });
      expect(() => loadDetectorFrom(dir)).toThrow(
        /no calibration of the families ngram, skeleton, stylometric, lmratio, casual, stylotrees/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
