import { describe, expect, it } from 'vitest';
import { rewriteNotOnly } from './not-only.ts';

describe('rewriteNotOnly', () => {
  it('rewrites the plain form', () => {
    expect(rewriteNotOnly('It is not only fast but also cheap.')).toBe('It is fast and cheap.');
    expect(rewriteNotOnly('She not only sings, but dances.')).toBe('She sings and dances.');
  });
  it('leaves the inverted form alone', () => {
    expect(rewriteNotOnly('Not only does it help, but it also saves time.')).toBe(
      'Not only does it help, but it also saves time.',
    );
  });
});
