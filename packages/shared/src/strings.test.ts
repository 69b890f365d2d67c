import { describe, expect, it } from 'vitest';
import { costLine, fallbackWhy, resultSummary } from './strings';

describe('what a result says it did and cost', () => {
  it('every result says what it cost, in the spec’s style', () => {
    expect(costLine(0)).toBe('No words charged');
    expect(costLine(1)).toBe('1 word charged');
    expect(costLine(192)).toBe('192 words charged');
    expect(costLine(15000)).toBe('15,000 words charged');
  });

  it('a result that does not score lower is said plainly in every outcome, never as a success', () => {
    const worse = { improved: false, before: 49, after: 49 };
    expect(resultSummary('light-edit', true, worse)).toBe(
      'Light edit, but it does not read as more human-written than your text (AI score 49% before, 49% after). Try again or edit it yourself.',
    );
    expect(resultSummary('model', true, worse)).toMatch(/^Full rewrite, but it does not read as more human-written/);
    expect(resultSummary('light-edit-fallback', true, { ...worse, fallbackReason: 'timeout' })).toMatch(
      /took too long this time, so we made a light edit instead, but it does not read as more human-written/,
    );
    expect(resultSummary('light-edit', true, { improved: true, before: 49, after: 40 })).toBe(
      'Light edit: we removed wording that reads as machine-written.',
    );
  });

  it('a changed frozen phrase is said as such, not as a structure problem', () => {
    expect(fallbackWhy('frozen-phrase')).toBe('the full rewrite changed a phrase you asked us to keep as written');
    expect(resultSummary('light-edit-fallback', true, { fallbackReason: 'frozen-phrase' })).not.toMatch(/structure/);
  });
});

describe('greetings and sign-offs are not sentences to rewrite', () => {
  it('knows a letter’s frame from its body', async () => {
    const { isGreetingOrSignOff } = await import('./results');
    for (const s of [
      'Dear Hiring Manager,',
      'Hi Sam,',
      'Sincerely,',
      'Best regards,',
      'Kind regards,\nAlex Morgan',
      'Thank you,',
    ])
      expect(isGreetingOrSignOff(s), s).toBe(true);
    for (const s of [
      'Thank you for considering my application.',
      'Dear colleagues at the lab have helped me since 2019 with every experiment I ran.',
      'Best practices matter in every team.',
    ])
      expect(isGreetingOrSignOff(s), s).toBe(false);
  });

  it('the name line under a sign-off is part of the frame', async () => {
    const { isLetterFrame } = await import('./results');
    const letter = 'Dear Sam,\n\nThe report is attached. Alex Morgan wrote it.\n\nBest regards,\nAlex Morgan';
    const at = (s: string) => [letter.lastIndexOf(s), letter.lastIndexOf(s) + s.length] as const;
    expect(isLetterFrame(letter, ...at('Alex Morgan'))).toBe(true);
    expect(isLetterFrame(letter, ...at('Best regards,'))).toBe(true);
    expect(isLetterFrame(letter, ...at('Alex Morgan wrote it.'))).toBe(false);
    expect(isLetterFrame(letter, ...at('The report is attached.'))).toBe(false);
  });
});
