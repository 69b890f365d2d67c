import { describe, expect, it } from 'vitest';
import { compactPreviews } from './preview';

describe('compact history previews', () => {
  it('a letter does not preview its shared salutation twice: both start where the texts differ', () => {
    const original = 'Dear Hiring Manager,\n\nI am writing to express my interest in the role.\n\nSincerely,\nAlex';
    const result = 'Dear Hiring Manager,\n\nI am writing about the role.\n\nSincerely,\nAlex';
    expect(compactPreviews(original, result)).toEqual({
      original: '… I am writing to express my interest in the role. Sincerely, Alex',
      result: '… I am writing about the role. Sincerely, Alex',
    });
  });
  it('texts that differ from the first line are previewed whole, on one line', () => {
    expect(compactPreviews('One.\nTwo.', 'Uno.\nTwo.')).toEqual({ original: 'One. Two.', result: 'Uno. Two.' });
  });
  it('identical texts skip their shared opening lines too', () => {
    expect(compactPreviews('Dear Sam,\n\nHello.', 'Dear Sam,\n\nHello.')).toEqual({
      original: '… Hello.',
      result: '… Hello.',
    });
  });
});
