import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, resultSummary, type HumanizeOutput, type LimitsInfo, type SubscriptionData } from '@plainspoken/shared';
import { bodyText, requestUrl } from '@/test/fetch';
import { jsonResponse, renderWithProviders, TEST_USER, words } from '@/test/render';
import { HumanizerCard } from './humanizer-card';

vi.mock('better-auth/react', async () => {
  const m = await import('@/test/mock-auth-client');
  return { createAuthClient: () => m.fakeAuthClient };
});

const FREE: LimitsInfo = {
  subscriptionTier: 'FREE',
  currentBalance: 250,
  requestLimit: 250,
  canProcess: true,
  exceedsRequestLimit: false,
};

function output(text: string, over: Partial<HumanizeOutput> = {}): HumanizeOutput {
  const humanized = `First sentence.\n\nSecond one still robotic. ${text.slice(0, 20)}`;
  const second = humanized.indexOf('Second');
  return {
    humanized_text: humanized,
    transformation_id: 't1',
    saved: true,
    words_charged: 60,
    remaining_balance: 190,
    score_before: 82,
    score_after: 31,
    engine: 'local',
    outcome: 'light-edit',
    summary: resultSummary('light-edit'),
    language: 'en',
    sentences_after: [
      { start: 0, end: 15, score: 20, flagged: false, reasons: [] },
      {
        start: second,
        end: second + 'Second one still robotic.'.length,
        score: 80,
        flagged: true,
        reasons: ['stock phrase'],
      },
    ],
    ...over,
  };
}

type Call = { url: string; body: Record<string, unknown> };

function mockServer(handler?: (url: string, body: Record<string, unknown>) => Response | undefined) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    const body = init?.body ? (JSON.parse(bodyText(init.body)) as Record<string, unknown>) : {};
    calls.push({ url, body });
    const custom = handler?.(url, body);
    if (custom) return custom;
    if (url.endsWith('/check-balance')) return jsonResponse(FREE);
    if (url.endsWith('/api/writing-options')) return jsonResponse({ tone: 'casual', readingLevel: 'simple' });
    if (url.endsWith('/humanize-text')) return jsonResponse(output(String(body.text)));
    if (url.startsWith('/api/subscription'))
      return jsonResponse({ subscription_tier: 'FREE', currentBalance: 250, monthlyLimit: 250 });
    return jsonResponse({});
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function textbox() {
  return screen.getByRole('textbox', { name: 'Your text' });
}

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

describe('HumanizerCard', () => {
  it('shows Paste Text only while empty and counts words against the cap', () => {
    mockServer();
    renderWithProviders(<HumanizerCard />, { signedIn: true, limits: FREE });
    expect(screen.getByRole('button', { name: /Paste Text/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Humanize' })).toBeDisabled();
    fireEvent.change(textbox(), { target: { value: words(60) } });
    expect(screen.queryByRole('button', { name: /Paste Text/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('word-counter')).toHaveTextContent('60 / 250 words');
    expect(screen.getByTestId('word-counter')).not.toHaveAttribute('data-warning');
    expect(screen.getByRole('button', { name: 'Humanize' })).toBeEnabled();
  });

  it('disables the button over the tier cap and warns in the counter', () => {
    mockServer();
    renderWithProviders(<HumanizerCard />, { signedIn: true, limits: FREE });
    fireEvent.change(textbox(), { target: { value: words(260) } });
    expect(screen.getByTestId('word-counter')).toHaveAttribute('data-warning', 'true');
    expect(screen.getByRole('button', { name: 'Humanize' })).toBeDisabled();
  });

  it('disables the button over the current balance', () => {
    mockServer();
    renderWithProviders(<HumanizerCard />, { signedIn: true, limits: { ...FREE, currentBalance: 40 } });
    fireEvent.change(textbox(), { target: { value: words(60) } });
    expect(screen.getByRole('button', { name: 'Humanize' })).toBeDisabled();
  });

  it('opens the auth dialog for signed-out visitors', async () => {
    const calls = mockServer();
    const { openAuthDialog } = renderWithProviders(<HumanizerCard />, { signedIn: false });
    fireEvent.change(textbox(), { target: { value: words(60) } });
    await userEvent.click(screen.getByRole('button', { name: 'Humanize' }));
    expect(openAuthDialog).toHaveBeenCalled();
    expect(calls.filter((c) => c.url.includes('/functions/'))).toHaveLength(0);
  });

  it('refuses fewer than 50 words with the minimum words toast', async () => {
    const calls = mockServer();
    renderWithProviders(<HumanizerCard />, { signedIn: true, limits: FREE });
    fireEvent.change(textbox(), { target: { value: words(40) } });
    await userEvent.click(screen.getByRole('button', { name: 'Humanize' }));
    expect(await screen.findByText('Minimum 50 words required')).toBeInTheDocument();
    expect(screen.getByText('Please enter at least 50 words to humanize your text')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/functions/'))).toHaveLength(0);
  });

  it('humanizes in one request, shows the result and counts runs', async () => {
    const calls = mockServer();
    const { qc } = renderWithProviders(<HumanizerCard />, { signedIn: true, limits: FREE });
    const text = words(60);
    fireEvent.change(textbox(), { target: { value: text } });
    await userEvent.click(screen.getByRole('button', { name: 'Humanize' }));

    expect(await screen.findByText('Text humanized successfully!')).toBeInTheDocument();
    expect(await screen.findByTestId('result-panel')).toBeInTheDocument();
    expect(screen.getByTestId('engine-badge')).toHaveTextContent('Light edit');
    expect(screen.getByTestId('result-summary')).toHaveTextContent(
      'Light edit: we removed wording that reads as machine-written.',
    );
    expect(screen.queryByText(/Connect a model/)).not.toBeInTheDocument();
    expect(screen.getByTestId('score-meter')).toHaveTextContent('82%');
    expect(screen.getByTestId('score-meter')).toHaveTextContent('31%');
    expect(screen.getByText('Second one still robotic.')).toHaveAttribute('data-flagged', 'true');
    expect(screen.getByTestId('result-text').textContent).toBe(output(text).humanized_text);

    const fnCalls = calls.filter((c) => c.url.includes('/functions/'));
    // One request per click: the balance is checked by the rewrite itself (decision 0031).
    expect(fnCalls.map((c) => c.url)).toEqual(['/api/functions/humanize-text']);
    // The user's saved writing options go with the rewrite.
    expect(fnCalls[0]?.body).toMatchObject({
      text,
      useSecondPrompt: false,
      mode: 'deep',
      tone: 'casual',
      readingLevel: 'simple',
    });
    expect(qc.getQueryData<SubscriptionData>(['subscription', TEST_USER.id])?.currentBalance).toBe(190);

    // Same text again: the label changes and the second prompt is requested.
    const again = screen.getByRole('button', { name: 'Humanize again' });
    await userEvent.click(again);
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/humanize-text'))).toHaveLength(2));
    expect(calls.filter((c) => c.url.endsWith('/humanize-text'))[1]?.body.useSecondPrompt).toBe(true);
    // 'Humanize again' keeps the writing options.
    expect(calls.filter((c) => c.url.endsWith('/humanize-text'))[1]?.body).toMatchObject({
      tone: 'casual',
      readingLevel: 'simple',
    });

    // An edit resets the run counter.
    await screen.findByRole('button', { name: 'Humanize again' });
    fireEvent.change(textbox(), { target: { value: `${text} more` } });
    const fresh = screen.getByRole('button', { name: 'Humanize' });
    await userEvent.click(fresh);
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/humanize-text'))).toHaveLength(3));
    expect(calls.filter((c) => c.url.endsWith('/humanize-text'))[2]?.body.useSecondPrompt).toBe(false);
  });

  it('sends the chosen mode and submits with Ctrl+Enter', async () => {
    const calls = mockServer();
    renderWithProviders(<HumanizerCard />, { signedIn: true, limits: FREE });
    await userEvent.click(screen.getByRole('radio', { name: /Lightning Mode/ }));
    fireEvent.change(textbox(), { target: { value: words(55) } });
    fireEvent.keyDown(textbox(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/humanize-text'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/humanize-text'))?.body.mode).toBe('lightning');
  });

  it('deducts the words from the cached balance while the rewrite runs', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    mockServer();
    // Holds the rewrite open so the deducted balance can be observed.
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (requestUrl(input).endsWith('/humanize-text')) await gate;
      return original(input, init);
    });
    const { qc } = renderWithProviders(<HumanizerCard />, { signedIn: true, limits: { ...FREE, currentBalance: 250 } });
    fireEvent.change(textbox(), { target: { value: words(60) } });
    await userEvent.click(screen.getByRole('button', { name: 'Humanize' }));
    await waitFor(() =>
      expect(qc.getQueryData<SubscriptionData>(['subscription', TEST_USER.id])?.currentBalance).toBe(190),
    );
    expect(screen.getByRole('button', { name: /Humanizing/ })).toBeDisabled();
    release();
  });

  it.each([
    [402, 'INSUFFICIENT_BALANCE', { currentBalance: 20 }, 'Insufficient Balance', MSG.insufficient(60, 20), 20],
    [400, 'WORD_LIMIT_EXCEEDED', { requestLimit: 50 }, 'Word Limit Exceeded', MSG.limitExceeded(50, 'Free'), 250],
  ])(
    'shows a %s refusal with the limits the rewrite answered, in one request, and updates the counter',
    async (status, code, changed, title, text, balance) => {
      const limits = { ...FREE, ...changed, canProcess: false };
      const calls = mockServer((url) =>
        url.endsWith('/humanize-text')
          ? jsonResponse({ error: { code, message: 'x', details: { limits } } }, status)
          : undefined,
      );
      const { qc } = renderWithProviders(<HumanizerCard />, { signedIn: true, limits: FREE });
      fireEvent.change(textbox(), { target: { value: words(60) } });
      await userEvent.click(screen.getByRole('button', { name: 'Humanize' }));
      expect(await screen.findByText(title)).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(calls.filter((c) => c.url.includes('/functions/')).map((c) => c.url)).toEqual([
        '/api/functions/humanize-text',
      ]);
      expect(qc.getQueryData<SubscriptionData>(['subscription', TEST_USER.id])?.currentBalance).toBe(balance);
    },
  );

  it('warns when the result was not saved', async () => {
    mockServer((url, body) =>
      url.endsWith('/humanize-text')
        ? jsonResponse(
            output(String(body.text), {
              saved: false,
              engine: 'model',
              outcome: 'model',
              summary: resultSummary('model'),
            }),
          )
        : undefined,
    );
    renderWithProviders(<HumanizerCard />, { signedIn: true, limits: FREE });
    fireEvent.change(textbox(), { target: { value: words(60) } });
    await userEvent.click(screen.getByRole('button', { name: 'Humanize' }));
    expect(await screen.findByText('Warning')).toBeInTheDocument();
    expect(screen.getByText('Your text was humanized but could not be saved to history.')).toBeInTheDocument();
    expect(await screen.findByTestId('engine-badge')).toHaveTextContent('Full rewrite');
  });

  it('maps humanize errors by code', async () => {
    mockServer((url) =>
      url.endsWith('/humanize-text')
        ? jsonResponse({ error: { code: 'WORD_LIMIT_EXCEEDED', message: 'too long' } }, 400)
        : undefined,
    );
    renderWithProviders(<HumanizerCard />, { signedIn: true, limits: FREE });
    fireEvent.change(textbox(), { target: { value: words(60) } });
    await userEvent.click(screen.getByRole('button', { name: 'Humanize' }));
    expect(await screen.findByText('Word Limit Exceeded')).toBeInTheDocument();
    expect(screen.getByText('Maximum 250 words per request for Free plan')).toBeInTheDocument();
  });

  it('fills the box with a text handed over in the router state, without running', async () => {
    const calls = mockServer();
    const text = `${words(55)}\n\n- Node.js v2.1.0`;
    renderWithProviders(<HumanizerCard />, {
      signedIn: true,
      limits: FREE,
      route: { pathname: '/', state: { prefillText: text } },
    });
    await waitFor(() => expect(textbox()).toHaveValue(text));
    expect(screen.getByRole('button', { name: 'Humanize' })).toBeEnabled();
    expect(calls.filter((c) => c.url.includes('/functions/'))).toHaveLength(0);
  });

  it('shows the upgrade button for every tier but Ultra', () => {
    mockServer();
    const { unmount } = renderWithProviders(<HumanizerCard />, { signedIn: true, limits: FREE });
    expect(screen.getByRole('link', { name: /Upgrade/ })).toHaveAttribute('href', '/pricing');
    unmount();
    renderWithProviders(<HumanizerCard />, {
      signedIn: true,
      limits: { ...FREE, subscriptionTier: 'Ultra', requestLimit: 3000, currentBalance: 30000 },
    });
    expect(screen.queryByRole('link', { name: /Upgrade/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('word-counter')).toHaveTextContent('0 / 3000 words');
  });
});
