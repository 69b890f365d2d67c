import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EngineModeStats, EngineWindow } from '@plainspoken/shared';
import { axisLabel } from '@/components/ui/charts';
import { WindowView } from './window-view';

const stats = (p50: number | null, p95: number | null): EngineModeStats => ({
  rewrites: p50 === null ? 0 : 10,
  modelRewrites: 3,
  fallbacks: 7,
  words: 5000,
  latencyP50Ms: p50,
  latencyP95Ms: p95,
  tokensInPer1k: 1400,
  tokensOutPer1k: 1300,
  costPer1k: 0.5,
  wordsCharged: 1800,
  costPer1kCharged: 1.39,
});

const windowOf = (over: Partial<EngineWindow> = {}): EngineWindow => ({
  label: '24h',
  from: '2026-11-25T00:00:00.000Z',
  modes: { deep: stats(4200, 31_000), lightning: stats(900, 2400) },
  all: stats(1200, 28_000),
  fallbackReasons: [{ reason: 'checks-failed', count: 7 }],
  guardRejected: 0,
  setAsideReasons: [
    { reason: 'protected-span', count: 5 },
    { reason: 'number', count: 2 },
  ],
  setAsideDrafts: 7,
  series: Array.from({ length: 24 }, (_, i) => ({
    at: `2026-11-25T${String(i).padStart(2, '0')}:00:00Z`,
    model: 1,
    local: 0,
    fallbacks: 0,
    tokensIn: 250_000,
    tokensOut: 150_000,
    p95Ms: null,
  })),
  ...over,
});

describe('the engine usage window', () => {
  it('counts the drafts set aside by reason, in words, beside the total', () => {
    render(<WindowView w={windowOf()} label={(at) => at.slice(11, 13)} />);
    expect(screen.getByTestId('engine-set-aside-total-24h')).toHaveTextContent('7');
    const reasons = screen.getByTestId('engine-set-aside-24h');
    expect(within(reasons).getByText(/a protected span lost or changed/)).toHaveTextContent('× 5');
    expect(within(reasons).getByText(/a number changed/)).toHaveTextContent('× 2');
  });

  it('names fallback reasons in words, and shows the cost per word processed and per word charged', () => {
    render(<WindowView w={windowOf()} label={(at) => at} />);
    const reasons = screen.getByTestId('engine-reasons-24h');
    expect(reasons).toHaveTextContent('drafts failed the structure checks × 7');
    expect(reasons).not.toHaveTextContent('checks-failed');
    const all = screen.getByTestId('engine-stats-24h').querySelectorAll('tbody tr').item(2).querySelectorAll('td');
    expect(all.item(8)).toHaveTextContent('$0.5');
    expect(all.item(9)).toHaveTextContent('1,800');
    expect(all.item(10)).toHaveTextContent('$1.39');
  });

  it('says so when no draft was set aside', () => {
    render(<WindowView w={windowOf({ setAsideReasons: [], setAsideDrafts: 0 })} label={(at) => at} />);
    expect(screen.getByTestId('engine-set-aside-total-24h')).toHaveTextContent('0');
    expect(screen.getByText('No draft was set aside in this window.')).toBeInTheDocument();
  });

  it('shows p50 and p95 in one unit', () => {
    render(<WindowView w={windowOf()} label={(at) => at} />);
    const cells = screen.getByTestId('engine-stats-24h').querySelectorAll('tbody tr').item(1).querySelectorAll('td');
    // Lightning's 900 ms and 2.4 s sit beside Deep's 31 s: the whole table reads in seconds.
    expect(cells.item(4)).toHaveTextContent('0.9 s');
    expect(cells.item(5)).toHaveTextContent('2.4 s');
    render(
      <WindowView
        w={windowOf({
          label: '30d',
          modes: { deep: stats(800, 9000), lightning: stats(null, null) },
          all: stats(800, 9000),
        })}
        label={(at) => at}
      />,
    );
    const deep = screen.getByTestId('engine-stats-30d').querySelectorAll('tbody tr').item(0).querySelectorAll('td');
    expect(deep.item(4)).toHaveTextContent('800 ms');
    expect(deep.item(5)).toHaveTextContent('9,000 ms');
  });

  it('keeps the token axis figures short enough for the chart margin', () => {
    render(<WindowView w={windowOf()} label={(at) => at} />);
    const chart = screen.getByRole('img', { name: 'Tokens per hour' });
    // 400,000 tokens an hour: the axis reads 0, 200k, 400k (the left margin holds four or five characters).
    const figures = [...chart.querySelectorAll('text[text-anchor="end"]')].map((t) => t.textContent);
    expect(figures).toEqual(['0', '200k', '400k']);
    expect(axisLabel(8000)).toBe('8,000');
    expect(axisLabel(1_500_000)).toBe('1.5M');
  });
});
