import { describe, expect, it } from 'vitest';
import { mergeSentences, moveClause, splitSentence } from './structure.ts';

describe('structure operators', () => {
  it('splits at a conjunction when both halves stand alone', () => {
    expect(splitSentence('The team shipped the new version on time, but the users did not notice any change.', 0)).toBe(
      'The team shipped the new version on time. But the users did not notice any change.',
    );
    expect(splitSentence('Short, but fine.', 0)).toBeNull();
    // A list is not two clauses.
    expect(
      splitSentence(
        'This essay argues for rules, citing privacy protection, prevention of misuse, and ensuring accuracy as motivations.',
        0,
      ),
    ).toBeNull();
    expect(
      splitSentence('Families mold our worldviews, values, and attitudes, shaping us into who we are.', 0),
    ).toBeNull();
  });
  it('merges two short sentences', () => {
    expect(mergeSentences('The rain stopped.', 'The streets dried quickly.')).toBe(
      'The rain stopped, and the streets dried quickly.',
    );
    expect(mergeSentences('The rain stopped.', 'However, it was cold.')).toBeNull();
  });
  it('moves a subordinate clause both ways', () => {
    expect(moveClause('Because the roads were closed, we stayed at home all weekend.')).toBe(
      'We stayed at home all weekend because the roads were closed.',
    );
    expect(moveClause('We stayed at home all weekend because the roads were closed.')).toBe(
      'Because the roads were closed, we stayed at home all weekend.',
    );
    expect(moveClause('Google grew quickly because demand was high.')).toBeNull();
  });
});
