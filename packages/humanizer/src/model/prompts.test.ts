import { describe, expect, it } from 'vitest';
import { fullTextPrompt } from './prompts.ts';

describe('prompts', () => {
  it('puts tone and reading level in the prompt, and nothing for the defaults', () => {
    expect(fullTextPrompt('Rewrite.', 'x', { tone: 'persuasive', readingLevel: 'simple' })).toMatch(
      /Tone: persuasive[\s\S]*Reading level: simple[\s\S]*<text>/,
    );
    expect(fullTextPrompt('Rewrite.', 'x', { tone: 'neutral', readingLevel: 'standard' })).toBe(
      fullTextPrompt('Rewrite.', 'x'),
    );
  });
});
