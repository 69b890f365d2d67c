import { describe, expect, it } from 'vitest';
import { counterWarning, humanizeButtonLabel, isHumanizeDisabled, secondPromptFor } from './humanize-rules';

describe('humanize button label', () => {
  it('reads Humanize before any run', () => {
    expect(humanizeButtonLabel({ step: 'idle', text: 'abc', lastRunText: null, runs: 0 })).toBe('Humanize');
  });
  it('reads Humanizing... while checking the balance or processing', () => {
    expect(humanizeButtonLabel({ step: 'checking', text: 'abc', lastRunText: null, runs: 0 })).toBe('Humanizing...');
    expect(humanizeButtonLabel({ step: 'processing', text: 'abc', lastRunText: 'abc', runs: 1 })).toBe('Humanizing...');
  });
  it('reads Humanize again when the text is unchanged since the last run', () => {
    expect(humanizeButtonLabel({ step: 'done', text: 'abc', lastRunText: 'abc', runs: 1 })).toBe('Humanize again');
  });
  it('counts the rate-limit window down instead of offering a click the server would refuse', () => {
    expect(humanizeButtonLabel({ step: 'done', text: 'abc', lastRunText: 'abc', runs: 1, cooldown: 3 })).toBe(
      'Again in 3 s',
    );
    expect(humanizeButtonLabel({ step: 'done', text: 'new', lastRunText: 'abc', runs: 0, cooldown: 1 })).toBe(
      'Humanize in 1 s',
    );
    expect(humanizeButtonLabel({ step: 'done', text: 'abc', lastRunText: 'abc', runs: 1, cooldown: 0 })).toBe(
      'Humanize again',
    );
    const rest = { text: 'abc', step: 'done' as const, wordCount: 60, cap: 250, balance: 250 };
    expect(isHumanizeDisabled({ ...rest, cooldown: 2 })).toBe(true);
    expect(isHumanizeDisabled({ ...rest, cooldown: 0 })).toBe(false);
  });
  it('goes back to Humanize when the text changed or the counter was reset', () => {
    expect(humanizeButtonLabel({ step: 'done', text: 'abcd', lastRunText: 'abc', runs: 1 })).toBe('Humanize');
    expect(humanizeButtonLabel({ step: 'done', text: 'abc', lastRunText: 'abc', runs: 0 })).toBe('Humanize');
  });
});

describe('humanize button disabled rules', () => {
  const base = {
    text: 'some text',
    step: 'idle' as const,
    wordCount: 60,
    cap: 250,
    balance: 250 as number | undefined,
  };
  it('is enabled for a normal text', () => expect(isHumanizeDisabled(base)).toBe(false));
  it('is disabled for empty or blank text', () => {
    expect(isHumanizeDisabled({ ...base, text: '' })).toBe(true);
    expect(isHumanizeDisabled({ ...base, text: '   \n' })).toBe(true);
  });
  it('is disabled while processing', () => {
    expect(isHumanizeDisabled({ ...base, step: 'checking' })).toBe(true);
    expect(isHumanizeDisabled({ ...base, step: 'processing' })).toBe(true);
  });
  it('is disabled over the tier cap', () => {
    expect(isHumanizeDisabled({ ...base, wordCount: 250 })).toBe(false);
    expect(isHumanizeDisabled({ ...base, wordCount: 251 })).toBe(true);
  });
  it('is disabled over the current balance, and ignores an unknown balance', () => {
    expect(isHumanizeDisabled({ ...base, balance: 59 })).toBe(true);
    expect(isHumanizeDisabled({ ...base, balance: undefined })).toBe(false);
  });
});

describe('word counter warning', () => {
  it('warns near and over the cap', () => {
    expect(counterWarning(100, 250, 250)).toBe(false);
    expect(counterWarning(225, 250, 250)).toBe(true);
    expect(counterWarning(300, 250, 250)).toBe(true);
  });
  it('warns over the balance', () => expect(counterWarning(80, 250, 70)).toBe(true));
  it('stays quiet for an empty text', () => expect(counterWarning(0, 250, 0)).toBe(false));
});

describe('second prompt flag', () => {
  it('is off on the first run and on from the second', () => {
    expect(secondPromptFor(0)).toBe(false);
    expect(secondPromptFor(1)).toBe(true);
    expect(secondPromptFor(4)).toBe(true);
  });
});
