import { describe, expect, it } from 'vitest';
import { meaningNote, repairedNote, writingNote } from './writing';

describe('writing option notes on a result', () => {
  it('says nothing for the defaults', () => {
    expect(writingNote({ tone: 'neutral', readingLevel: 'standard' }, { fullRewrite: true, applied: [] })).toBeNull();
  });
  it('a full rewrite follows every option', () => {
    expect(writingNote({ tone: 'academic', readingLevel: 'advanced' }, { fullRewrite: true, applied: [] })).toBe(
      'Written in an academic tone and advanced reading level.',
    );
    expect(writingNote({ tone: 'professional', readingLevel: 'standard' }, { fullRewrite: true, applied: [] })).toBe(
      'Written in a professional tone.',
    );
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
