import { describe, expect, it } from 'vitest';
import { checkSentence, contentRecall, negations } from './checks.ts';
import { mask } from './protect.ts';

const m = (s: string): string => mask(s).text;

describe('checkSentence', () => {
  const orig = m('Moreover, the team utilized 3 tools in 2021 and did not fail.');

  it("does not hold a stock phrase's own words against its rewrite, only the words around it", () => {
    const letter =
      'With a proven track record of leading teams, I am confident that I would be a valuable addition to the lab.';
    const plain = 'With a record of leading teams, I am confident I would bring a lot to the lab.';
    expect(checkSentence(letter, plain, { minRecall: 0.85 })).toEqual({ ok: true });
    // The content outside the phrases still counts: "leading teams" may not go.
    expect(
      checkSentence(letter, 'With a record, I am confident I would bring a lot to the lab.', { minRecall: 0.85 })
        .reason,
    ).toBe('recall');
    // "Please do not hesitate to write" asks; it denies nothing, so the "not" may go with the phrase.
    expect(negations('Please do not hesitate to reach out with questions.')).toBe(0);
    expect(negations("Please don't hesitate, and do not wait.")).toBe(1);
  });

  it('accepts a clean rewrite', () => {
    expect(checkSentence(orig, orig.replace('Moreover, the', 'The').replace('utilized', 'used')).ok).toBe(true);
  });

  it('rejects lost spans, flipped negation, new words and broken text', () => {
    expect(checkSentence(orig, orig.replace(/\uE000..\uE001/, '')).reason).toBe('spans');
    expect(checkSentence(orig, orig.replace('did not fail', 'did fail')).reason).toBe('negation');
    expect(checkSentence(orig, orig.replace('utilized', 'utilizd')).reason).toMatch(/new word/);
    expect(checkSentence(orig, orig.replace('utilized', 'leveraged')).reason).toMatch(/new (word|tell)/);
    expect(checkSentence(orig, orig.replace('the team', 'the  team')).reason).toBe('spacing');
    expect(checkSentence(orig, orig.replace('Moreover, the', 'moreover, the')).reason).toBe('capital');
    expect(checkSentence(orig, orig.replace(/\.$/, '')).reason).toBe('ending');
  });

  it('rejects modality changes and digits that appear from nowhere', () => {
    const o = 'It may rain today.';
    expect(checkSentence(o, 'It will rain today.').reason).toBe('modality');
    expect(checkSentence(o, 'It may rain 2 today.').reason).toBe('numbers');
  });

  it('allows cutting pure filler even when the sentence gets much shorter', () => {
    expect(checkSentence('It is important to note that prices rose.', 'Prices rose.').ok).toBe(true);
  });

  it('rejects a lower-case sentence start inside the output', () => {
    expect(
      checkSentence('The tool changed everything, and it is fast.', 'The tool changed everything. it is fast.').reason,
    ).toBe('inner capital');
  });

  it('rejects a fragment from a structural edit', () => {
    expect(
      checkSentence('He left early, not the other way around.', 'He left early. Not the other way around.', {
        structural: true,
      }).ok,
    ).toBe(false);
    expect(
      checkSentence(
        'It cites privacy, and ensuring accuracy as motivations.',
        'It cites privacy. Ensuring accuracy as motivations.',
        { structural: true },
      ).ok,
    ).toBe(false);
  });
});

describe('contentRecall and negations', () => {
  it('counts lexicon alternatives as recalled', () => {
    expect(contentRecall('We utilize crucial tools.', 'We use key tools.')).toBe(1);
    expect(contentRecall('We bought apples and pears.', 'We bought apples.')).toBeLessThan(1);
  });
  it("counts negations by the check's one lexicon, set phrases left out", () => {
    expect(negations("It isn't here, not there, and it is not only fast but also cheap.")).toBe(2);
    // "hardly" denies as "not" does; "do not hesitate" and "can't wait" deny nothing.
    expect(negations("The roads are hardly used. Please do not hesitate to call; we can't wait to see you.")).toBe(1);
  });
});
