import { describe, expect, it } from 'vitest';
import { makeRng } from '../rng.ts';
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
    ['She has a proven track record of winning grants.', 'She has experience winning grants.'],
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
