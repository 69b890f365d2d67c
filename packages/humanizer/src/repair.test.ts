import { describe, expect, it } from 'vitest';
import { fixArticles, repairSentence } from './repair.ts';

describe('repair', () => {
  it('fixes a/an after a swap', () => {
    expect(fixArticles('an changing market and a important step')).toBe('a changing market and an important step');
    expect(fixArticles('a useful tool, an hour, a one-off')).toBe('a useful tool, an hour, a one-off');
  });

  it('cleans spacing, commas and the first capital after a deletion', () => {
    expect(repairSentence('  note that  the plan , works .')).toBe('Note that the plan, works.');
    expect(repairSentence('the the plan works.')).toBe('The plan works.');
  });
});
