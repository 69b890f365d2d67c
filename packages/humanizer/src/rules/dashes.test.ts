import { describe, expect, it } from 'vitest';
import { rewriteDashes } from './dashes.ts';

describe('rewriteDashes', () => {
  it('turns a dash pair into parentheses', () => {
    expect(rewriteDashes('The plan \u2014 a bold one \u2014 worked.', false)).toBe('The plan (a bold one) worked.');
  });
  it('turns a single dash into a comma', () => {
    expect(rewriteDashes('It was cheap\u2014and fast.', false)).toBe('It was cheap, and fast.');
  });
  it('breaks the sentence only when allowed and the right side is a clause', () => {
    expect(rewriteDashes('The new tool changed everything \u2014 it is fast.', true)).toBe(
      'The new tool changed everything. It is fast.',
    );
    // A comma would splice two clauses: the dash stays.
    expect(rewriteDashes('The new tool changed everything \u2014 it is fast.', false)).toBe(
      'The new tool changed everything \u2014 it is fast.',
    );
    expect(rewriteDashes('People had no option whatsoever\u2014they had to get used to it.', false)).not.toMatch(
      /whatsoever, they/,
    );
  });
});
