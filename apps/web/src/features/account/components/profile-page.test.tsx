import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionData } from '@plainspoken/shared';
import { requestUrl } from '@/test/fetch';
import { jsonResponse, makeQueryClient, renderWithProviders } from '@/test/render';
import { formatDate } from '../lib/subscription-status';
import { ProfilePage } from './profile-page';

vi.mock('better-auth/react', async () => {
  const m = await import('@/test/mock-auth-client');
  return { createAuthClient: () => m.fakeAuthClient };
});

const pro: SubscriptionData = {
  subscription_tier: 'Pro',
  subscribed: true,
  monthly_word_balance: 14000,
  subscription_end: '2026-12-22T10:00:00.000Z',
  subscription_cancelled_at: null,
  cancellation_end_date: null,
  monthlyLimit: 15000,
  currentBalance: 14000,
  isActive: true,
};
const free: SubscriptionData = {
  ...pro,
  subscription_tier: 'FREE',
  subscribed: false,
  isActive: false,
  monthlyLimit: 250,
  currentBalance: 250,
  monthly_word_balance: 250,
  subscription_end: null,
};
const usage = {
  days: [
    { date: '2026-11-21', words: 0 },
    { date: '2026-11-22', words: 120 },
  ],
  total: 120,
};

function serve(subscription: () => SubscriptionData, extra: (url: string) => Response | null = () => null) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = requestUrl(input);
    const e = extra(url);
    if (e) return e;
    if (url.includes('/api/usage/daily')) return jsonResponse(usage);
    if (url.includes('/api/subscription')) return jsonResponse(subscription());
    return jsonResponse({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ProfilePage', () => {
  it('shows the account, a paying plan and the balance', async () => {
    serve(() => pro);
    renderWithProviders(<ProfilePage />, { signedIn: true, route: '/profile' });
    expect(screen.getAllByText('ada@example.com')).toHaveLength(2);
    expect(await screen.findByText('Pro Plan')).toBeInTheDocument();
    expect(screen.getByText('Active subscription')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Plan' })).toBeInTheDocument();
    expect(screen.getByTestId('words-used')).toHaveTextContent('1,000');
    expect(screen.getByText('/ 15,000 words')).toBeInTheDocument();
    expect(screen.getByText('14,000 words remaining this month')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get more words' })).toHaveAttribute('href', '/pricing');
    expect(await screen.findByRole('img', { name: /120 in total/ })).toBeInTheDocument();
  });

  it('warns about a cancelled plan with its end date, and offers Upgrade on Free', async () => {
    const cancelled = {
      ...pro,
      subscription_cancelled_at: '2026-11-22T10:00:00.000Z',
      cancellation_end_date: '2026-12-22T10:00:00.000Z',
    };
    serve(() => cancelled);
    const first = renderWithProviders(<ProfilePage />, { signedIn: true, route: '/profile' });
    expect(await screen.findByText('⚠️ Subscription cancelled')).toBeInTheDocument();
    expect(
      screen.getByText(`You will lose access to your Pro plan on ${formatDate('2026-12-22T10:00:00.000Z')}`),
    ).toBeInTheDocument();
    first.unmount();

    serve(() => free);
    renderWithProviders(<ProfilePage />, { signedIn: true, route: '/profile' });
    expect(await screen.findByText('Free Plan')).toBeInTheDocument();
    expect(screen.getByText('Free plan active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
  });

  it('polls after checkout until the new tier shows, then announces subscriptionUpdated', async () => {
    let calls = 0;
    serve(() => (++calls >= 3 ? pro : free));
    // The announcement is the query client's: the subscription cache is marked stale for every reader.
    const qc = makeQueryClient();
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    const seen = () =>
      invalidate.mock.calls.filter(([f]) => f?.queryKey?.[0] === 'subscription' && f.refetchType === 'none');
    renderWithProviders(<ProfilePage />, {
      signedIn: true,
      route: '/profile?checkout=success&tier=Pro',
      queryClient: qc,
    });
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    await waitFor(() => expect(seen()).toHaveLength(1), { timeout: 6000 });
    expect(await screen.findByText('Pro Plan')).toBeInTheDocument();
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
  });

  it('shows the portal failure toasts and opens the portal in a new tab', async () => {
    let portal: () => Response = () => jsonResponse({ error: { code: 'PORTAL_FAILED', message: 'x' } }, 502);
    serve(
      () => pro,
      (url) => (url.includes('paddle-customer-portal') ? portal() : null),
    );
    const tab = { close: vi.fn(), opener: {}, location: { href: '' } };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    renderWithProviders(<ProfilePage />, { signedIn: true, route: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Plan' }));
    expect(await screen.findByText('Failed to open billing portal. Please try again.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();

    portal = () => jsonResponse({ error: { code: 'PORTAL_FAILED', message: 'x' } }, 404);
    await userEvent.click(screen.getByRole('button', { name: 'Manage Plan' }));
    expect(await screen.findByText('Unable to access billing portal.')).toBeInTheDocument();

    portal = () => jsonResponse({ url: 'http://localhost/sandbox/portal?session=abc' });
    await userEvent.click(screen.getByRole('button', { name: 'Manage Plan' }));
    await waitFor(() => expect(tab.location.href).toBe('http://localhost/sandbox/portal?session=abc'));
    expect(tab.opener).toBeNull();
  });
});
