import { describe, expect, it } from 'vitest';
import type { HumanizeOutput } from '@plainspoken/shared';
import { keepBetter } from './keep-better';

const out = (text: string, after: number | null, balance = 100): HumanizeOutput => ({
  humanized_text: text,
  transformation_id: text,
  saved: true,
  words_charged: 60,
  cost: '60 words charged',
  meaning: {
    summary: 'No numbers, dates, names, links, quotations or negations to check',
    facts: [],
    putBack: [],
    rules: [],
  },
  remaining_balance: balance,
  score_before: 80,
  score_after: after,
  engine: 'model',
  outcome: 'model',
  summary: 'Full rewrite',
  language: 'en',
  sentences_after: [],
  notes: [],
});

describe('keepBetter', () => {
  it('keeps the result on screen when the new one scores worse, with the new balance and a note', () => {
    const r = keepBetter({ output: out('first', 45), original: 'in' }, out('second', 49, 40), 'in');
    expect(r.keptPrevious).toBe(true);
    expect(r.output.humanized_text).toBe('first');
    expect(r.output.remaining_balance).toBe(40);
    expect(r.output.notes?.at(-1)).toMatch(/49% against 45%.*Both are in your History/);
  });

  it('shows the new one when it scores the same or better, or when the texts differ or were edited', () => {
    expect(
      keepBetter({ output: out('first', 45), original: 'in' }, out('second', 30), 'in').output.humanized_text,
    ).toBe('second');
    expect(keepBetter({ output: out('first', 45), original: 'in' }, out('second', 60), 'other').keptPrevious).toBe(
      false,
    );
    expect(
      keepBetter({ output: out('first', 45), original: 'in', edited: true }, out('second', 60), 'in').keptPrevious,
    ).toBe(false);
    expect(keepBetter(null, out('second', 60), 'in').keptPrevious).toBe(false);
  });
});
