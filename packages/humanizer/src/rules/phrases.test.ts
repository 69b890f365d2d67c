import { describe, expect, it } from 'vitest';
import { makeRng } from '../rng.ts';
import { OPENERS, PHRASES } from '../data/phrases.ts';
import { removeArtifacts, replaceOpener, replacePhrases } from './phrases.ts';

const ctx = () => ({ rng: makeRng(2), usage: new Map<string, number>(), contractProb: 1 });

describe('phrases (golden)', () => {
  it.each([
    ['We did it in order to win.', 'We did it to win.'],
    ['It failed due to the fact that it rained.', 'It failed because it rained.'],
    ['Prior to launch, we tested.', 'Before launch, we tested.'],
    ['It may potentially fail.', 'It may fail.'],
    ['The tool is able to help.', 'The tool can help.'],
    ['Each and every step counts.', 'Every step counts.'],
    [
      'I am writing to express my strong interest in the Junior Analyst position at your firm.',
      'I would like to apply for the Junior Analyst position at your firm.',
    ],
    ['Our esteemed organization values you.', 'Our organization values you.'],
    ['He collaborated with cross-functional teams on it.', 'He worked with other teams on it.'],
    ['It aligns with your needs.', 'It matches what you need.'],
    ['Please reply at your earliest convenience.', 'Please reply when you can.'],
    ['Please find attached the agenda.', 'I have attached the agenda.'],
    ['The hotel boasts a heated pool.', 'The hotel has a heated pool.'],
    ['She boasts about it.', 'She boasts about it.'],
    ['Meet the ultimate solution for tired feet.', 'Meet the best choice for tired feet.'],
  ])('%s', (input, want) => {
    expect(replacePhrases(input, ctx())).toBe(want);
  });

  it('a track record keeps what it says', () => {
    expect(replacePhrases('She has a proven track record of winning grants.', ctx())).toMatch(
      /^She has a (?:record|history) of winning grants\.$/,
    );
    expect(replacePhrases('He has a proven track record.', ctx())).toMatch(/^He has a (?:track|proven) record\.$/);
  });

  it('deletes filler openers', () => {
    const out = replacePhrases("It's worth noting that prices rose.", ctx());
    expect(out).toBe('prices rose.');
  });

  it('replaces stock openers with plain ones', () => {
    expect(replaceOpener('Moreover, prices rose.', ctx())).toMatch(/^(Also, |What's more, |And |)prices rose\.$/);
    expect(replaceOpener('Firstly, we start.', ctx())).toBe('First, we start.');
    expect(replaceOpener('The moreover clause.', ctx())).toBe('The moreover clause.');
  });

  it('drops chatbot leftovers', () => {
    expect(removeArtifacts('I hope this helps!', ctx())).toBe('');
    expect(removeArtifacts('Let me know if you need more.', ctx())).toBe('');
    expect(removeArtifacts('Certainly! Here it is.', ctx())).toBe('Here it is.');
    expect(removeArtifacts('The data helps.', ctx())).toBe('The data helps.');
    expect(
      removeArtifacts(
        'As an AI language model, I cannot say what happens if you place a frog in a pot of water and heat it.',
        ctx(),
      ),
    ).toBe('I cannot say what happens if you place a frog in a pot of water and heat it.');
  });
});

describe('phrase table (data rules)', () => {
  // A replacement may not weaken a claim: a hedge only where the stock phrase itself hedges.
  const HEDGE = /\b(?:think|believe|maybe|perhaps|probably|arguably|possibly|somewhat|some would say|might)\b/i;
  const HEDGED_SOURCE = /(?:may|might|could|argued|case|perhaps|maybe|possib|generally)/i;
  it('no replacement adds a hedge the phrase did not have', () => {
    for (const rule of [...PHRASES, ...OPENERS])
      for (const alt of rule.alts)
        if (HEDGE.test(alt)) expect(rule.re.source, `${rule.re.source} → ${alt}`).toMatch(HEDGED_SOURCE);
  });
  it('no replacement turns a statement into an order', () => {
    for (const rule of [...PHRASES, ...OPENERS])
      for (const alt of rule.alts)
        expect(alt, rule.re.source).not.toMatch(/^(?:note|remember|consider|keep in mind) that\b/i);
  });
  it('a confident claim stays confident', () => {
    const out = replacePhrases('I am confident that I would be a valuable addition to your team.', ctx());
    expect(out).not.toMatch(/\b(?:think|believe)\b/);
    expect(out).toMatch(/\b(?:confident|sure)\b/);
  });
});
