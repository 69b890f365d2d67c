import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestUrl } from '@/test/fetch';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { HistoryPage } from './history-page';

vi.mock('better-auth/react', async () => {
  const m = await import('@/test/mock-auth-client');
  return { createAuthClient: () => m.fakeAuthClient };
});

const item = (id: string, date: string) => ({
  id,
  original_text: `original ${id}`,
  transformed_text: `result ${id}`,
  created_at: date,
  words_charged: 0,
});

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('HistoryPage', () => {
  it('asks signed-out visitors to sign in', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<HistoryPage />, { signedIn: false });
    expect(screen.getByText('Please sign in')).toBeInTheDocument();
    expect(screen.getByText('You need to be logged in to view your transformation history.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('shows the loading line, then the empty state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ items: [], nextCursor: null })),
    );
    renderWithProviders(<HistoryPage />, { signedIn: true });
    expect(screen.getByText('Loading your history...')).toBeInTheDocument();
    expect(await screen.findByText('No transformations yet')).toBeInTheDocument();
    expect(screen.getByText('Start humanizing your AI-generated text to see your history here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Humanizing' })).toHaveAttribute('href', '/');
  });

  it('lists cards with long dates, loads more pages and copies a result', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = requestUrl(input);
      if (url.includes('cursor=c2'))
        return jsonResponse({ items: [item('b', '2025-11-02T10:00:00Z')], nextCursor: null });
      return jsonResponse({ items: [item('a', '2025-11-22T10:00:00Z')], nextCursor: 'c2' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    renderWithProviders(<HistoryPage />, { signedIn: true });
    expect(await screen.findByText('November 22')).toBeInTheDocument();
    expect(screen.getByText('Original Text')).toBeInTheDocument();
    expect(screen.getByText('Humanized Result')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/transformations?limit=20');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('November 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: 'Copy Result' })[0] as HTMLElement);
    expect(writeText).toHaveBeenCalledWith('result a');
    expect(await screen.findByText('Result copied to clipboard')).toBeInTheDocument();
  });

  it('says what each entry cost, never the text length, and shows a result that scored worse as no success', async () => {
    const long = Array.from({ length: 177 }, (_, i) => `w${i}`).join(' ');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          items: [
            {
              ...item('a', '2025-11-22T10:00:00Z'),
              original_text: long,
              words_charged: 0,
              score_before: 49,
              score_after: 49,
            },
            {
              ...item('b', '2025-11-21T10:00:00Z'),
              original_text: long,
              words_charged: 192,
              score_before: 80,
              score_after: 30,
            },
            { ...item('c', '2025-11-20T10:00:00Z'), words_charged: 1, score_before: 40, score_after: 52 },
          ],
          nextCursor: null,
        }),
      ),
    );
    renderWithProviders(<HistoryPage />, { signedIn: true });
    const words = await screen.findAllByTestId('history-words');
    expect(words.map((w) => w.textContent)).toEqual(['No words charged', '192 words charged', '1 word charged']);
    const scores = screen.getAllByTestId('history-score');
    expect(scores.map((s) => s.getAttribute('data-not-better'))).toEqual(['true', null, 'true']);
    expect(scores[2]).toHaveTextContent('40% → 52% · not lower');
  });

  it('shows the detector a Deep rewrite aimed at, with its score or why there is none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          items: [
            {
              ...item('a', '2025-11-22T10:00:00Z'),
              mode: 'deep',
              aim: { detector: 'gptzero', name: 'GPTZero', score: 12, calls: 3, reason: null },
            },
            {
              ...item('b', '2025-11-21T10:00:00Z'),
              mode: 'deep',
              aim: { detector: 'winston', name: 'Winston AI', score: null, calls: 0, reason: 'rate limited' },
            },
            { ...item('c', '2025-11-20T10:00:00Z'), aim: null },
          ],
          nextCursor: null,
        }),
      ),
    );
    renderWithProviders(<HistoryPage />, { signedIn: true });
    const badges = await screen.findAllByTestId('history-aim');
    expect(badges.map((b) => b.textContent)).toEqual([
      'Aimed at GPTZero: 12% AI',
      'Aimed at Winston AI: no score (rate limited)',
    ]);
  });

  it('says who wrote each result, and what its result said had happened once the entry is opened', async () => {
    const summary = 'Full rewrite: we rewrote your text in plainer, more natural language.';
    const note = '1 sentence the rewrite added says something your text does not, so we took it out.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          items: [
            { ...item('a', '2025-11-22T10:00:00Z'), mode: 'deep', engine: 'model', summary, notes: [note] },
            { ...item('b', '2025-11-21T10:00:00Z'), engine: 'local', summary: 'Light edit: x.', notes: [] },
            // An entry from before the engine was kept says nothing of it.
            item('c', '2025-11-20T10:00:00Z'),
            // Text that came back as it was.
            { ...item('d', '2025-11-19T10:00:00Z'), transformed_text: 'original d', engine: 'local', notes: [] },
          ],
          nextCursor: null,
        }),
      ),
    );
    renderWithProviders(<HistoryPage />, { signedIn: true });
    const badges = await screen.findAllByTestId('history-engine');
    expect(badges.map((b) => b.textContent)).toEqual(['Full rewrite', 'Light edit', 'No changes']);
    // Compact: the notes show once the entry is opened.
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Show full text' })[0] as HTMLElement);
    const notes = screen.getByRole('list', { name: 'What happened' });
    expect(notes).toHaveTextContent(summary);
    expect(notes).toHaveTextContent(note);
  });

  it('toasts when the history cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500)),
    );
    renderWithProviders(<HistoryPage />, { signedIn: true });
    await waitFor(() => expect(screen.getByText('Failed to load transformation history')).toBeInTheDocument());
  });
});
