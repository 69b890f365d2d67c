import { describe, expect, it } from 'vitest';
import { sentenceCaseHeading } from './heading-case.ts';

describe('sentenceCaseHeading', () => {
  it('lowers common words of a Title Case heading', () => {
    expect(sentenceCaseHeading('The Future Of Learning With AI')).toBe('The future of learning with AI');
  });
  it('keeps names and non-title headings', () => {
    expect(sentenceCaseHeading('Why Paris Matters')).toBe('Why Paris Matters');
    expect(sentenceCaseHeading('Results from the 2020 survey')).toBe('Results from the 2020 survey');
  });
});
