/** Lists in a PDF's text layer as the common writers leave them, read back one item per line. */
import { describe, expect, it } from 'vitest';
import { joinBlocks, pageBlocks, type TextRun } from './pdf-layout';

const SIZE = 11;
/** One run of text at (x, y), about 5.5 units per character wide. */
function run(str: string, x: number, y: number, size = SIZE): TextRun {
  return { str, transform: [size, 0, 0, size, x, y], height: size, width: str.length * size * 0.5 };
}
/** A paragraph wrapped at 90 characters from the left margin (60), lines 14 apart from `y` down. */
function para(text: string, y: number, x = 60): TextRun[] {
  const out: TextRun[] = [];
  let cur = '';
  for (const w of text.split(' ')) {
    if (cur && `${cur} ${w}`.length > 86) {
      out.push(run(cur, x, y - out.length * 14));
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  out.push(run(cur, x, y - out.length * 14));
  return out;
}
const read = (runs: TextRun[]) => joinBlocks(pageBlocks(runs));

const INTRO =
  'The survey asked every team the same three questions about the way they plan their work and what they would keep from the last year.';
const ITEMS = [
  'Plans are written down before work starts.',
  'Reviews happen every Friday.',
  'Nobody misses the old status meeting.',
];

describe('PDF lists read back as one line per item', () => {
  it("Word's Symbol bullet (a private-use glyph as its own run, then the text at the indent)", () => {
    const runs = [
      ...para(INTRO, 700),
      ...ITEMS.flatMap((t, i) => [run('\uF0B7', 78, 640 - i * 14), run(t, 96, 640 - i * 14)]),
    ];
    expect(read(runs)).toBe(`${INTRO}\n\n${ITEMS.map((t) => `- ${t}`).join('\n')}`);
  });

  it('a middle dot or an arrow as the bullet', () => {
    for (const glyph of ['·', '➢', '▪']) {
      const runs = [...para(INTRO, 700), ...ITEMS.map((t, i) => run(`${glyph} ${t}`, 78, 640 - i * 14))];
      expect(read(runs)).toBe(`${INTRO}\n\n${ITEMS.map((t) => `- ${t}`).join('\n')}`);
    }
  });

  it('a bullet glyph that sits on its own baseline', () => {
    const runs = [
      ...para(INTRO, 700),
      ...ITEMS.flatMap((t, i) => [run('•', 78, 643 - i * 20), run(t, 96, 636 - i * 20)]),
    ];
    expect(read(runs)).toBe(`${INTRO}\n\n${ITEMS.map((t) => `- ${t}`).join('\n')}`);
  });

  it('bullets drawn as shapes: indented lines at the same indent are items, a wrapped item stays one', () => {
    const long =
      'Everyone agreed that the written plan made the week easier to follow, even on the days when half of the team was away.';
    const wrapped = para(long, 612, 96); // two lines at the list's indent
    expect(wrapped).toHaveLength(2);
    const runs = [
      ...para(INTRO, 700),
      run(ITEMS[0]!, 96, 640),
      run(ITEMS[1]!, 96, 626),
      ...wrapped,
      run(ITEMS[2]!, 96, 584),
      ...para('After the list, the report goes on with a paragraph at the left margin as before.', 560),
    ];
    expect(read(runs)).toBe(
      `${INTRO}\n\n${[ITEMS[0], ITEMS[1], long, ITEMS[2]].map((t) => `- ${t}`).join('\n')}\n\nAfter the list, the report goes on with a paragraph at the left margin as before.`,
    );
  });

  it('a numbered list drawn without a gap keeps its numbers', () => {
    const runs = [...para(INTRO, 700), ...ITEMS.map((t, i) => run(`${i + 1}. ${t}`, 78, 686 - 14 * 2 - i * 14))];
    expect(read(runs)).toBe(`${INTRO}\n\n${ITEMS.map((t, i) => `${i + 1}. ${t}`).join('\n')}`);
  });

  it('a paragraph with a first-line indent is not a list', () => {
    const text = `${INTRO} ${INTRO}`;
    const runs = para(text, 700);
    runs[0] = run(runs[0]!.str, 78, 700);
    expect(read(runs)).toBe(text);
  });
});
