import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MSG,
  RATE_LIMITS,
  resultSummary,
  type HumanizeOutput,
  type LimitsInfo,
  type SubscriptionData,
} from '@plainspoken/shared';
import { bodyText, requestUrl } from '@/test/fetch';
import { jsonResponse, renderWithProviders, TEST_USER, words } from '@/test/render';
import { resetHomeDraft } from '../lib/home-draft';
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
    cost: '60 words charged',
    meaning: {
      summary: 'No numbers, dates, names, links, quotations or negations to check',
      facts: [],
      putBack: [],
      rules: [],
    },
    remaining_balance: 190,
    score_before: 82,
    score_after: 31,
    engine: 'local',
    outcome: 'light-edit',
    summary: resultSummary('light-edit'),
    language: 'en',
    notes: [],
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

/** Moves Date.now() forward (the cooldown's ticker reads it) until restore(). */
function skipAhead(ms: number) {
  const real = Date.now.bind(Date);
  let offset = ms;
  const spy = vi.spyOn(Date, 'now').mockImplementation(() => real() + offset);
  return {
    skip: (more: number) => void (offset += more),
    restore: () => spy.mockRestore(),
  };
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
afterEach(() => {
  vi.unstubAllGlobals();
  // The draft lives above the routes (for the tab session): each test starts with an empty card.
  resetHomeDraft();
});

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

    // The server takes one rewrite per window: the button counts it down instead of sending a refused request.
    const waiting = screen.getByRole('button', { name: /^Again in \d s$/ });
    expect(waiting).toBeDisabled();
    const shown = Number(/\d/.exec(waiting.textContent ?? '')?.[0]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(RATE_LIMITS.humanizeMs / 1000);
    const clock = skipAhead(RATE_LIMITS.humanizeMs + 1_000);

    // Same text again: the label changes and the second prompt is requested.
    const again = await screen.findByRole('button', { name: 'Humanize again' });
    expect(again).toBeEnabled();
    await userEvent.click(again);
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/humanize-text'))).toHaveLength(2));
    expect(calls.filter((c) => c.url.endsWith('/humanize-text'))[1]?.body.useSecondPrompt).toBe(true);
    // 'Humanize again' keeps the writing options.
    expect(calls.filter((c) => c.url.endsWith('/humanize-text'))[1]?.body).toMatchObject({
      tone: 'casual',
      readingLevel: 'simple',
    });

    // An edit resets the run counter; a new text waits for the window too.
    await screen.findByRole('button', { name: /^Again in \d s$/ });
    fireEvent.change(textbox(), { target: { value: `${text} more` } });
    expect(screen.getByRole('button', { name: /^Humanize in \d s$/ })).toBeDisabled();
    clock.skip(RATE_LIMITS.humanizeMs + 1_000);
    const fresh = await screen.findByRole('button', { name: 'Humanize' });
    await userEvent.click(fresh);
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/humanize-text'))).toHaveLength(3));
    expect(calls.filter((c) => c.url.endsWith('/humanize-text'))[2]?.body.useSecondPrompt).toBe(false);
    clock.restore();
  });

  it('keeps the draft, its mode and the result when the card is left and opened again; not for another account', async () => {
    mockServer();
    const first = renderWithProviders(<HumanizerCard />, { signedIn: true, limits: FREE });
    const text = words(60);
    await userEvent.click(screen.getByRole('radio', { name: /Lightning Mode/ }));
    fireEvent.change(textbox(), { target: { value: text } });
    await userEvent.click(screen.getByRole('button', { name: 'Humanize' }));
    expect(await screen.findByTestId('result-panel')).toBeInTheDocument();
    first.unmount();

    // Back from another page: the same text, mode and result.
    const again = renderWithProviders(<HumanizerCard />, { signedIn: true, limits: FREE });
    expect(textbox()).toHaveValue(text);
    expect(screen.getByRole('radio', { name: /Lightning Mode/ })).toBeChecked();
    expect(await screen.findByTestId('result-panel')).toBeInTheDocument();
    // Emptying the box takes the old result away.
    fireEvent.change(textbox(), { target: { value: '' } });
    expect(screen.queryByTestId('result-panel')).toBeNull();
    fireEvent.change(textbox(), { target: { value: text } });
    again.unmount();

    // Signed out (or someone else): the account's draft is not shown.
    renderWithProviders(<HumanizerCard />, { signedIn: false });
    await waitFor(() => expect(textbox()).toHaveValue(''));
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
    expect(await screen.findByRole('button', { name: /^Again in \d s$/ })).toBeDisabled();
  });

  it('mid-run measures the text against the balance from before the run, not the deducted one', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    mockServer((url) =>
      url.endsWith('/humanize-text') ? jsonResponse(output(words(100), { remaining_balance: 50 })) : undefined,
    );
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (requestUrl(input).endsWith('/humanize-text')) await gate;
      return original(input, init);
    });
    const { qc } = renderWithProviders(<HumanizerCard />, { signedIn: true, limits: { ...FREE, currentBalance: 150 } });
    fireEvent.change(textbox(), { target: { value: words(100) } });
    expect(screen.getByTestId('word-counter')).not.toHaveAttribute('data-warning');
    await userEvent.click(screen.getByRole('button', { name: 'Humanize' }));
    // 100 words are off the cached balance (50 left), yet the run's own text is not "over the balance".
    await waitFor(() =>
      expect(qc.getQueryData<SubscriptionData>(['subscription', TEST_USER.id])?.currentBalance).toBe(50),
    );
    expect(screen.getByTestId('word-counter')).not.toHaveAttribute('data-warning');
    expect(screen.queryByText('More words than your remaining balance this month.')).toBeNull();
    release();
    // Once it is done, the same 100 words are more than the 50 left: now that is said.
    expect(await screen.findByRole('button', { name: /^Again in \d s$/ })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('word-counter')).toHaveAttribute('data-warning', 'true'));
    expect(screen.getByText('More words than your remaining balance this month.')).toBeInTheDocument();
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
    expect(screen.getByTestId('word-counter')).toHaveTextContent('0 / 3,000 words');
  });
});
