import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LimitsInfo } from '@plainspoken/shared';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { requestUrl } from '@/test/fetch';
import { resetHomeDraft } from '../lib/home-draft';
import { HumanizerCard } from './humanizer-card';

vi.mock('better-auth/react', async () => {
  const m = await import('@/test/mock-auth-client');
  return { createAuthClient: () => m.fakeAuthClient };
});

const limits = (currentBalance: number): LimitsInfo => ({
  subscriptionTier: 'FREE',
  currentBalance,
  requestLimit: 250,
  canProcess: currentBalance > 0,
  exceedsRequestLimit: false,
});

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = requestUrl(input);
      if (url.endsWith('/api/writing-options'))
        return Promise.resolve(jsonResponse({ tone: 'neutral', readingLevel: 'standard' }));
      return Promise.resolve(jsonResponse({}));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  // The draft lives above the routes (for the tab session): each test starts with an empty card.
  resetHomeDraft();
});

describe('a balance below the 50-word minimum', () => {
  it('is explained with a link to upgrade', async () => {
    renderWithProviders(<HumanizerCard />, { signedIn: true, limits: limits(40) });
    const hint = await screen.findByTestId('balance-below-minimum');
    expect(hint).toHaveTextContent('40 words left: a rewrite needs at least 50.');
    expect(within(hint).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
  });

  it('is not mentioned while the balance covers a rewrite', async () => {
    renderWithProviders(<HumanizerCard />, { signedIn: true, limits: limits(120) });
    await screen.findByTestId('word-counter');
    expect(screen.queryByTestId('balance-below-minimum')).toBeNull();
  });
});
