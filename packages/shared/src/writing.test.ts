import { describe, expect, it } from 'vitest';
import { meaningNote, plainReason, repairedNote, styleShown, writingNote } from './writing';

describe('writing option notes on a result', () => {
  it('says nothing for the defaults', () => {
    expect(writingNote({ tone: 'neutral', readingLevel: 'standard' }, { fullRewrite: true, applied: [] })).toBeNull();
  });
  it('a full rewrite claims only the options the result measurably has', () => {
    const shown = { tone: true, readingLevel: true };
    expect(writingNote({ tone: 'academic', readingLevel: 'advanced' }, { fullRewrite: true, applied: [], shown })).toBe(
      'Written in an academic tone and advanced reading level.',
    );
    expect(
      writingNote({ tone: 'professional', readingLevel: 'standard' }, { fullRewrite: true, applied: [], shown }),
    ).toBe('Written in a professional tone.');
    // Not measured: nothing is claimed.
    const none = writingNote({ tone: 'academic', readingLevel: 'standard' }, { fullRewrite: true, applied: [] });
    expect(none).not.toMatch(/^Written in/);
    expect(none).toBe(
      'You chose an academic tone, but the rewrite does not measurably read that way, so we do not claim it. Try again or edit it yourself.',
    );
    expect(
      writingNote(
        { tone: 'academic', readingLevel: 'simple' },
        { fullRewrite: true, applied: [], shown: { tone: false, readingLevel: true } },
      ),
    ).toMatch(/^Written in a simple reading level\. You chose an academic tone, but/);
  });

  it('measures the tone and reading level a rewrite has against the text', () => {
    const plain =
      "We've looked at the numbers and we think you'll like them. Sales went up. Our team did well, and you can see it.";
    const academic =
      'The subsequent examination of quantitative indicators demonstrates considerable improvement. Institutional performance was substantially strengthened throughout the reporting interval.';
    const o = (
      tone: 'academic' | 'casual' | 'neutral',
      readingLevel: 'simple' | 'standard' | 'advanced' = 'standard',
    ) => ({ tone, readingLevel }) as const;
    // The text identical to what a neutral run gives: no tone is shown.
    expect(styleShown(plain, plain, o('academic'))).toEqual({ tone: false, readingLevel: true });
    expect(styleShown(plain, academic, o('academic', 'advanced'))).toEqual({ tone: true, readingLevel: true });
    expect(styleShown(academic, plain, o('academic', 'simple'))).toEqual({ tone: false, readingLevel: true });
    expect(styleShown(academic, plain, o('casual'))).toMatchObject({ tone: true });
    expect(styleShown(plain, academic, o('casual'))).toMatchObject({ tone: false });
  });

  it('says in words what a repair found lost, never a raw fragment', () => {
    expect(plainReason('"**" was lost')).toBe('formatting marks such as bold or a list marker were lost');
    expect(plainReason('""Less is more"" was lost')).toBe('the quotation \u201cLess is more\u201d was left out');
    // A name cut mid-word at 40 characters ends at its last whole word.
    expect(plainReason('"Professor Alexandra Konstantinopoulou-Wi" was lost')).toBe(
      '\u201cProfessor Alexandra\u2026\u201d was left out',
    );
    expect(plainReason('"Acme Corp" was lost')).toBe('\u201cAcme Corp\u201d was left out');
    expect(plainReason('a number changed')).toBe('a number changed');
    expect(repairedNote({ kept: 1, removed: 0, reasons: ['"**" was lost'], leftOut: false })).toBe(
      '1 sentence of the rewrite changed what your text says, so we kept it as you wrote it (formatting marks such as bold or a list marker were lost).',
    );
  });

  it('a set-aside rewrite on a text left as it was does not speak of a light edit', () => {
    expect(meaningNote(false, true)).not.toMatch(/light edit/);
    expect(meaningNote(false)).toMatch(/light edit/);
  });
  it('a light edit says what it applied and what needs a full rewrite', () => {
    expect(
      writingNote({ tone: 'casual', readingLevel: 'simple' }, { fullRewrite: false, applied: ['contractions'] }),
    ).toBe('For your casual tone and simple reading level we used contractions.');
    expect(writingNote({ tone: 'academic', readingLevel: 'standard' }, { fullRewrite: false, applied: [] })).toBe(
      "An academic tone needs a full rewrite, so this light edit kept your wording's style there.",
    );
    expect(meaningNote(true)).toMatch(/set aside a draft/);
  });
  it("a light edit given instead of the model's version says where that version is", () => {
    expect(
      writingNote(
        { tone: 'professional', readingLevel: 'standard' },
        { fullRewrite: false, applied: [], fullRewriteBelow: true },
      ),
    ).toBe(
      "A professional tone needs a full rewrite (the model's version, not used, is below), so this light edit kept your wording's style there.",
    );
  });
});

describe('repaired sentences on a result', () => {
  it('says which sentences changed a fact, and which the rewrite left out', () => {
    expect(repairedNote({ kept: 1, removed: 0, reasons: ['a number changed'], leftOut: false })).toBe(
      '1 sentence of the rewrite changed what your text says, so we kept it as you wrote it (a number changed).',
    );
    expect(repairedNote({ kept: 1, removed: 0, reasons: ['part of your text was left out'], leftOut: true })).toBe(
      'The rewrite left out 1 sentence of your text, so we put it back as you wrote it.',
    );
    expect(
      repairedNote({ kept: 2, removed: 0, reasons: ['the rewrite stops before the end of your text'], leftOut: true }),
    ).toBe('The rewrite left out 2 sentences of your text, so we put them back as you wrote them.');
    // Repairs that put nothing back and took nothing out have nothing to say (the result leaves the note out).
    expect(repairedNote({ kept: 0, removed: 0, reasons: [], leftOut: false })).toBe('');
    // A sentence the rewrite added is taken out, not kept as written.
    expect(repairedNote({ kept: 0, removed: 1, reasons: [], leftOut: false })).toBe(
      '1 sentence the rewrite added says something your text does not, so we took it out.',
    );
    expect(repairedNote({ kept: 1, removed: 2, reasons: ['a number changed'], leftOut: false })).toBe(
      '1 sentence of the rewrite changed what your text says, so we kept it as you wrote it (a number changed). ' +
        '2 sentences the rewrite added say something your text does not, so we took them out.',
    );
  });
});
