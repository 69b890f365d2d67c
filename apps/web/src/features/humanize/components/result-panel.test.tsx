import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALTERNATIVE_MSG, resultSummary, type HumanizeOutput, type ScoredSentence } from '@plainspoken/shared';
import { renderWithProviders } from '@/test/render';
import { ResultPanel } from './result-panel';

beforeAll(() => {
  // Radix positions tooltips with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const TEXT = [
  'Growth was 3.5% this quarter. Pro costs $19.99 a month.',
  '',
  'Read https://example.com/docs/v2.1 or write to jane.doe@example.com. We ship v2.1.0 on Node.js today.',
  '- first item',
  '- second item',
].join('\n');

function sentence(fragment: string, over: Partial<ScoredSentence> = {}): ScoredSentence {
  const start = TEXT.indexOf(fragment);
  if (start < 0) throw new Error(`not in text: ${fragment}`);
  return { start, end: start + fragment.length, score: 20, flagged: false, reasons: [], ...over };
}

function output(over: Partial<HumanizeOutput> = {}): HumanizeOutput {
  return {
    humanized_text: TEXT,
    transformation_id: 't1',
    saved: true,
    words_charged: 40,
    cost: '40 words charged',
    meaning: {
      summary: 'No numbers, dates, names, links, quotations or negations to check',
      facts: [],
      putBack: [],
      rules: [],
    },
    remaining_balance: 210,
    score_before: 1,
    score_after: 0,
    engine: 'local',
    outcome: 'light-edit',
    summary: resultSummary('light-edit'),
    language: 'en',
    notes: [],
    sentences_after: [
      sentence('Growth was 3.5% this quarter.'),
      sentence('Pro costs $19.99 a month.', {
        score: 81,
        flagged: true,
        reasons: ['stock phrase', 'AI-favoured words: delve, crucial'],
      }),
      sentence('Read https://example.com/docs/v2.1 or write to jane.doe@example.com.'),
      sentence('We ship v2.1.0 on Node.js today.'),
    ],
    ...over,
  };
}

const ORIGINAL = TEXT.replace('Pro costs', 'The Pro plan costs').replace('today', 'right now');

function renderPanel(out: HumanizeOutput) {
  return renderWithProviders(<ResultPanel result={{ output: out, original: ORIGINAL, mode: 'lightning' }} />);
}

describe('ResultPanel', () => {
  it('shows humanized_text exactly, with every space, line break and token kept', () => {
    renderPanel(output());
    const shown = screen.getByTestId('result-text');
    expect(shown.textContent).toBe(TEXT);
    expect(shown).toHaveClass('whitespace-pre-wrap');
    for (const token of [
      '3.5%',
      '$19.99',
      'https://example.com/docs/v2.1',
      'jane.doe@example.com',
      'v2.1.0',
      'Node.js',
      '- first item',
    ]) {
      expect(shown.textContent).toContain(token);
    }
  });

  it('highlights flagged sentences and shows their reasons on focus', async () => {
    renderPanel(output());
    const mark = screen.getByText('Pro costs $19.99 a month.');
    expect(mark.tagName).toBe('MARK');
    expect(mark).toHaveAttribute('data-flagged', 'true');
    expect(mark).toHaveAttribute('tabindex', '0');
    // Only the flagged sentence is marked on the home card.
    expect(screen.getByTestId('result-text').querySelectorAll('mark')).toHaveLength(1);
    act(() => mark.focus());
    const tip = await screen.findByTestId('sentence-reasons');
    expect(tip).toHaveTextContent('81% AI-likeness');
    expect(tip).toHaveTextContent('Stock phrase');
    expect(tip).toHaveTextContent('AI-favoured words: delve, crucial');
    expect(screen.getByTestId('score-legend')).toHaveTextContent('Reads as machine-written');
  });

  it('shows each outside detector before and after beside our score, and nothing without one', () => {
    const d = (score: number | null, reason: string | null = null) => ({
      detector: 'sapling' as const,
      name: 'Sapling',
      status: score === null ? ('unavailable' as const) : ('ok' as const),
      score,
      label: null,
      sentences: [],
      reason,
      cached: false,
    });
    const { unmount } = renderPanel(output());
    expect(screen.queryByTestId('outside-scorecard')).toBeNull();
    unmount();
    renderPanel(output({ score_before: 93, score_after: 12, detectors_before: [d(97)], detectors_after: [d(18)] }));
    expect(screen.getByTestId('outside-scorecard')).toHaveTextContent('(ours)93%12%');
    expect(screen.getByTestId('outside-sapling')).toHaveTextContent('Sapling97% AI18% AI');
  });

  it('says which detector Deep aimed at and what it scored, and nothing without an aim', () => {
    const { unmount } = renderPanel(output());
    expect(screen.queryByTestId('aim-result')).toBeNull();
    unmount();
    renderPanel(output({ aim: { detector: 'gptzero', name: 'GPTZero', score: 12, calls: 3, reason: null } }));
    expect(screen.getByTestId('aim-result')).toHaveTextContent('Aimed at GPTZero: 12% AI');
  });

  it('never drops or repeats characters when offsets are bad', () => {
    renderPanel(
      output({
        sentences_after: [
          { start: 5, end: 40, score: 90, flagged: true, reasons: [] },
          { start: 20, end: 60, score: 90, flagged: true, reasons: [] },
          { start: -10, end: 3, score: 10, flagged: false, reasons: [] },
          { start: 500, end: 900, score: 90, flagged: true, reasons: [] },
          { start: 70, end: 65, score: 90, flagged: true, reasons: [] },
        ],
      }),
    );
    expect(screen.getByTestId('result-text').textContent).toBe(TEXT);
  });

  it('speaks in user terms: the summary, and Full rewrite / Light edit', () => {
    const { unmount } = renderPanel(output());
    expect(screen.getByTestId('engine-badge')).toHaveTextContent('Light edit');
    expect(screen.getByTestId('result-summary')).toHaveTextContent(resultSummary('light-edit'));
    expect(screen.queryByText(/connect a model/i)).not.toBeInTheDocument();
    unmount();
    renderPanel(output({ engine: 'model', outcome: 'model', summary: resultSummary('model') }));
    expect(screen.getByTestId('engine-badge')).toHaveTextContent('Full rewrite');
  });

  it('says what every result cost: the words charged, or none', () => {
    const { unmount } = renderPanel(output({ words_charged: 192 }));
    expect(screen.getByTestId('result-cost')).toHaveTextContent('192 words charged');
    unmount();
    renderPanel(output({ words_charged: 0 }));
    expect(screen.getByTestId('result-cost')).toHaveTextContent('No words charged');
  });

  it('shows scores as they are: 1 is 1%, not 100%', () => {
    renderPanel(output());
    const meter = screen.getByTestId('score-meter');
    expect(
      within(meter)
        .getAllByRole('meter')
        .map((m) => m.getAttribute('aria-valuenow')),
    ).toEqual(['1', '0']);
    expect(meter).toHaveTextContent('1%');
    expect(meter).not.toHaveTextContent('100%');
  });

  it('says "No score" when the text was not scored', () => {
    renderPanel(
      output({
        score_before: null,
        score_after: null,
        sentences_after: [],
        language: 'fr',
        summary: resultSummary('light-edit', false),
      }),
    );
    const meter = screen.getByTestId('score-meter');
    expect(meter).toHaveAttribute('data-unscored', 'true');
    expect(within(meter).getAllByText('No score')).toHaveLength(2);
    expect(meter).not.toHaveTextContent('0%');
    expect(screen.getByTestId('result-text').textContent).toBe(TEXT);
  });

  it('shows a reworded phrase as one struck-out phrase followed by one added phrase', async () => {
    const original = TEXT.replace(
      'Growth was 3.5% this quarter.',
      'It is important to note that growth reached 3.5% this quarter.',
    );
    renderWithProviders(<ResultPanel result={{ output: output(), original, mode: 'lightning' }} />);
    await userEvent.click(screen.getByRole('tab', { name: 'What changed' }));
    const diff = await screen.findByTestId('result-diff');
    const marks = Array.from(diff.querySelectorAll('del, ins')).map((el) => `${el.tagName}:${el.textContent}`);
    expect(marks).toEqual(['DEL:It is important to note that growth reached', 'INS:Growth was']);
    fireEvent.click(screen.getByRole('tab', { name: 'Rewrite' }));
  });

  it('shows what changed word by word, keeping line breaks and tokens', async () => {
    renderPanel(output());
    await userEvent.click(screen.getByRole('tab', { name: 'What changed' }));
    const diff = await screen.findByTestId('result-diff');
    expect(diff).toHaveClass('whitespace-pre-wrap');
    const kept = Array.from(diff.children)
      .filter((el) => el.tagName !== 'DEL')
      .map((el) => el.textContent)
      .join('');
    expect(kept).toBe(TEXT);
    const removed = Array.from(diff.querySelectorAll('del')).map((el) => el.textContent);
    expect(removed.join('|')).toContain('right now');
    expect(
      Array.from(diff.querySelectorAll('ins'))
        .map((el) => el.textContent)
        .join('|'),
    ).toContain('today');
    expect(diff.textContent).toContain('\n\nRead https://example.com/docs/v2.1');
    fireEvent.click(screen.getByRole('tab', { name: 'Rewrite' }));
  });

  it("folds the model's version under the result: its score and reason, opened, copied, free", async () => {
    const user = userEvent.setup();
    const alternative = {
      text: 'The model wrote this version, which scored higher.',
      score: 71,
      delivered_score: 40,
      delivered: 'light-edit' as const,
      model: 'm',
      repair_note: null,
      reason: ALTERNATIVE_MSG.reason({ score: 71, delivered_score: 40, delivered: 'light-edit' }),
      meaning: {
        summary: 'No numbers, dates, names, links, quotations or negations to check',
        facts: [],
        putBack: [],
        rules: [],
      },
    };
    renderPanel(output({ alternative }));
    const panel = screen.getByTestId('model-version');
    expect(panel).not.toHaveAttribute('open');
    expect(within(panel).getByTestId('model-version-score')).toHaveTextContent('AI score 71%');
    // A native disclosure: the browser spec opens it with Enter and Space; jsdom toggles it on a click.
    await user.click(within(panel).getByTestId('model-version-summary'));
    expect(panel).toHaveAttribute('open');
    expect(within(panel).getByTestId('model-version-reason')).toHaveTextContent(
      "The model's rewrite scored 71%; the light edit scored 40%, so you got the light edit.",
    );
    expect(within(panel).getByTestId('model-version-reason')).toHaveTextContent('it is not charged');
    // What its own meaning check found, before anyone copies it.
    expect(within(panel).getByTestId('model-version-meaning')).toHaveTextContent(
      'Meaning check of this version: No numbers, dates, names, links, quotations or negations to check',
    );
    await user.click(within(panel).getByTestId('model-version-copy'));
    expect(await navigator.clipboard.readText()).toBe(alternative.text);
    expect(within(panel).getByTestId('model-version-copy')).toHaveTextContent('Copied!');
  });

  it("shows no model's version when the result has none", () => {
    renderPanel(output());
    expect(screen.queryByTestId('model-version')).toBeNull();
  });
});
