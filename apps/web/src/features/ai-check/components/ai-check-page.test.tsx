import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aiCheckCaution, countWords, MSG, OUTSIDE_MSG, type AiCheckOutput, type LimitsInfo } from '@plainspoken/shared';
import { jsonResponse, renderWithProviders, words } from '@/test/render';
import { AiCheckPage } from './ai-check-page';

vi.mock('better-auth/react', async () => {
  const m = await import('@/test/mock-auth-client');
  return { createAuthClient: () => m.fakeAuthClient };
});

const navigate = vi.fn();
vi.mock('react-router', async (orig) => ({
  ...(await orig<typeof import('react-router')>()),
  useNavigate: () => navigate,
}));

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  vi.unstubAllGlobals();
  navigate.mockReset();
});

const PRO: LimitsInfo = {
  subscriptionTier: 'Pro',
  currentBalance: 15000,
  requestLimit: 1500,
  canProcess: true,
  exceedsRequestLimit: false,
};

const TEXT = `It is important to note that costs rose 3.5% to $19.99.\n\n${words(60)}.\n- Node.js v2.1.0`;

function output(): AiCheckOutput {
  const second = TEXT.indexOf('word0');
  return {
    score: 72,
    flagged: true,
    words: countWords(TEXT),
    word_limit: 500,
    language: 'en',
    sentences: [
      { start: 0, end: 55, score: 88, flagged: true, reasons: ['stock phrase'] },
      { start: second, end: TEXT.indexOf('.\n-') + 1, score: 40, flagged: false, reasons: ['uniform sentence length'] },
      { start: TEXT.indexOf('- Node'), end: TEXT.length, score: 5, flagged: false, reasons: [] },
    ],
    verdict: 'mixed',
    composition: { ai: 30, mixed: 50, human: 20 },
    caution: null,
    detectors: [],
  };
}

function mockServer(reply: () => Response = () => jsonResponse(output())) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (url === '/api/ai-check') return reply();
      if (url.startsWith('/api/subscription')) return jsonResponse({ subscription_tier: 'Pro', currentBalance: 15000 });
      return jsonResponse({});
    }),
  );
  return calls;
}

const box = () => screen.getByRole('textbox', { name: 'Text to check' });

describe('AiCheckPage', () => {
  it('counts words against 500 signed out and the plan cap signed in', () => {
    mockServer();
    const { unmount } = renderWithProviders(<AiCheckPage />, { signedIn: false });
    fireEvent.change(box(), { target: { value: words(60) } });
    expect(screen.getByTestId('word-counter')).toHaveTextContent('60 / 500 words');
    unmount();
    renderWithProviders(<AiCheckPage />, { signedIn: true, limits: PRO });
    fireEvent.change(box(), { target: { value: words(60) } });
    expect(screen.getByTestId('word-counter')).toHaveTextContent('60 / 1,500 words');
  });

  it('checks the text and shows the score, the exact text with highlights, and the reasons', async () => {
    const calls = mockServer();
    renderWithProviders(<AiCheckPage />, { signedIn: false });
    fireEvent.change(box(), { target: { value: TEXT } });
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    expect(await screen.findByTestId('ai-check-result')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/ai-check')).toEqual([{ url: '/api/ai-check', body: { text: TEXT } }]);
    expect(screen.getByTestId('ai-check-score')).toHaveTextContent('72%');
    expect(screen.getByTestId('ai-check-verdict')).toHaveTextContent('Mixed: part of it reads as machine-written');
    expect(screen.getByTestId('ai-check-composition')).toHaveTextContent('Reads as machine-written: 30%');
    expect(screen.getByTestId('ai-check-composition')).toHaveTextContent('Reads as human-written: 20%');
    // Without outside detectors configured, only our score shows.
    expect(screen.queryByTestId('outside-scorecard')).toBeNull();
    const shown = screen.getByTestId('ai-check-text');
    expect(shown.textContent).toBe(TEXT);
    const marks = shown.querySelectorAll('mark');
    expect(Array.from(marks).map((m) => m.getAttribute('data-level'))).toEqual(['high', 'mid']);
    const reasons = screen.getByTestId('ai-check-reasons');
    expect(reasons).toHaveTextContent('Stock phrase');
    expect(reasons).toHaveTextContent('Uniform sentence length');
    act(() => (marks[0] as HTMLElement).focus());
    expect(await screen.findByTestId('sentence-reasons')).toHaveTextContent('88% AI-likeness');
  });

  it('says "hard to judge" with the reason for a short email, and the caution beside any other verdict', async () => {
    const caution = aiCheckCaution({ reason: 'email_like', short: true, emailLike: true, measured: null })!;
    mockServer(() =>
      jsonResponse({ ...output(), verdict: 'unclear', composition: { ai: 0, mixed: 40, human: 60 }, caution }),
    );
    const first = renderWithProviders(<AiCheckPage />, { signedIn: false });
    fireEvent.change(box(), { target: { value: TEXT } });
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    expect(await screen.findByTestId('ai-check-result')).toBeInTheDocument();
    expect(screen.getByTestId('ai-check-verdict')).toHaveTextContent('Hard to judge');
    expect(screen.getByTestId('ai-check-verdict-detail')).toHaveTextContent('Short emails are hard to judge');
    expect(screen.getByTestId('ai-check-verdict-detail')).toHaveTextContent('40% shows some machine-like signs');
    expect(screen.queryByTestId('ai-check-caution')).toBeNull();
    first.unmount();

    mockServer(() =>
      jsonResponse({ ...output(), verdict: 'human', composition: { ai: 0, mixed: 0, human: 100 }, caution }),
    );
    renderWithProviders(<AiCheckPage />, { signedIn: false });
    fireEvent.change(box(), { target: { value: TEXT } });
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    expect(await screen.findByTestId('ai-check-result')).toBeInTheDocument();
    expect(screen.getByTestId('ai-check-verdict')).toHaveTextContent('Reads as human-written');
    expect(screen.getByTestId('ai-check-caution')).toHaveTextContent(caution);
  });

  it('shows each configured outside detector beside our score, and why one is unavailable', async () => {
    const withOutside = (): AiCheckOutput => ({
      ...output(),
      detectors: [
        {
          detector: 'gptzero',
          name: 'GPTZero',
          status: 'ok',
          score: 91,
          label: 'ai',
          sentences: [],
          reason: null,
          cached: false,
        },
        {
          detector: 'winston',
          name: 'Winston AI',
          status: 'unavailable',
          score: null,
          label: null,
          sentences: [],
          reason: OUTSIDE_MSG.rateLimited(30),
          cached: false,
        },
      ],
    });
    mockServer(() => jsonResponse(withOutside()));
    renderWithProviders(<AiCheckPage />, { signedIn: true });
    fireEvent.change(box(), { target: { value: TEXT } });
    await userEvent.click(screen.getByRole('button', { name: 'Check text' }));
    const card = await screen.findByTestId('outside-scorecard');
    expect(card).toHaveTextContent('(ours)72%');
    expect(screen.getByTestId('outside-gptzero')).toHaveTextContent('GPTZero91% AI· labelled ai');
    expect(screen.getByTestId('outside-winston')).toHaveTextContent(`Unavailable: ${OUTSIDE_MSG.rateLimited(30)}`);
  });

  it('asks for 50 words before calling the server', async () => {
    const calls = mockServer();
    renderWithProviders(<AiCheckPage />, { signedIn: false });
    fireEvent.change(box(), { target: { value: words(20) } });
    await userEvent.click(screen.getByRole('button', { name: 'Check text' }));
    expect(screen.getByTestId('ai-check-error')).toHaveTextContent(MSG.aiCheckMinWords);
    expect(calls.filter((c) => c.url === '/api/ai-check')).toHaveLength(0);
  });

  it('over the limit signed out: says so and offers sign-in', async () => {
    mockServer();
    const { openAuthDialog } = renderWithProviders(<AiCheckPage />, { signedIn: false });
    fireEvent.change(box(), { target: { value: words(600) } });
    expect(screen.getByTestId('ai-check-error')).toHaveTextContent(MSG.aiCheckAnonymousLimit(500));
    expect(screen.getByRole('button', { name: 'Check text' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(openAuthDialog).toHaveBeenCalledWith('sign-in');
  });

  it.each([
    ['UNSUPPORTED_LANGUAGE', 422, MSG.englishOnlyCheck('French')],
    ['RATE_LIMITED', 429, MSG.aiCheckWait(2)],
    ['WORD_LIMIT_EXCEEDED', 400, MSG.aiCheckAnonymousLimit(500)],
  ])('shows the server’s %s message inline', async (code, status, message) => {
    mockServer(() => jsonResponse({ error: { code, message, retryAfter: 2 } }, status));
    renderWithProviders(<AiCheckPage />, { signedIn: false });
    fireEvent.change(box(), { target: { value: words(60) } });
    await userEvent.click(screen.getByRole('button', { name: 'Check text' }));
    expect(await screen.findByTestId('ai-check-error')).toHaveTextContent(message);
  });

  it('"Humanize this text" carries the text to the home card', async () => {
    mockServer();
    renderWithProviders(<AiCheckPage />, { signedIn: false });
    fireEvent.change(box(), { target: { value: TEXT } });
    await userEvent.click(screen.getByRole('button', { name: 'Check text' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Humanize this text' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { state: { prefillText: TEXT } }));
  });
});
