import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MeaningReport } from './meaning-report';

const ORIGINAL = 'The crossing took 16 minutes on the Isle of Man. It was not easy.';
const RESULT = 'The crossing lasted 16 points on the Isle of Man. It was not easy.';
const at = (text: string, fact: string): [number, number] => [text.indexOf(fact), text.indexOf(fact) + fact.length];
const meaning = {
  summary: '3 facts checked: 1 number, 1 name, 1 negation: 2 kept, 1 not in the result as written ("16 minutes")',
  facts: [
    { kind: 'number' as const, text: '16 minutes', original: at(ORIGINAL, '16 minutes'), kept: false, result: null },
    {
      kind: 'name' as const,
      text: 'Isle of Man',
      original: at(ORIGINAL, 'Isle of Man'),
      kept: true,
      result: at(RESULT, 'Isle of Man'),
    },
    { kind: 'negation' as const, text: 'not', original: at(ORIGINAL, 'not'), kept: true, result: at(RESULT, 'not') },
  ],
  putBack: [],
  rules: [],
};

describe('MeaningReport', () => {
  it('folds the summary under the scores; each fact, focused, shows where it stands', () => {
    render(<MeaningReport meaning={meaning} original={ORIGINAL} result={RESULT} edited={false} />);
    expect(screen.getByTestId('meaning-summary')).toHaveTextContent(/Meaning check: 3 facts checked/);
    const facts = within(screen.getByTestId('meaning-facts')).getAllByRole('button');
    expect(facts.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Number 16 minutes: not in the result as written',
      'Name Isle of Man: kept as written',
      'Negation not: kept as written',
    ]);
    fireEvent.focus(facts[1]!);
    const where = screen.getByTestId('meaning-where');
    expect(where).toHaveTextContent(/In the result:/);
    expect(where.querySelector('mark')).toHaveTextContent('Isle of Man');
    fireEvent.focus(facts[0]!);
    expect(where).toHaveTextContent(/Not in the result as written\. In your text:/);
    expect(where.querySelector('mark')).toHaveTextContent('16 minutes');
  });

  it('after the user edits the result, positions are shown in their text only', () => {
    render(<MeaningReport meaning={meaning} original={ORIGINAL} result="Something else entirely." edited />);
    fireEvent.focus(within(screen.getByTestId('meaning-facts')).getAllByRole('button')[1]!);
    expect(screen.getByTestId('meaning-where')).toHaveTextContent(/Kept\. In your text:/);
  });

  it('lists the sentences put back as written, with why, under the facts', () => {
    const withBack = {
      ...meaning,
      summary: `${meaning.summary}. 1 sentence put back as you wrote it`,
      putBack: [{ sentence: 'It was not easy.', why: 'a "not" was lost', rule: 'negation.lost' }],
      rules: ['negation.lost'],
    };
    render(<MeaningReport meaning={withBack} original={ORIGINAL} result={RESULT} edited={false} />);
    expect(screen.getByTestId('meaning-summary')).toHaveTextContent(/1 sentence put back as you wrote it/);
    const back = screen.getByTestId('meaning-put-back');
    expect(back).toHaveTextContent('Put back as you wrote it');
    expect(back).toHaveTextContent('It was not easy.');
    expect(back).toHaveTextContent('Why: a "not" was lost');
  });
});
