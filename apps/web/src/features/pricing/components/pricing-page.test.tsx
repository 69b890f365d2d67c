import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyText } from '@/test/fetch';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { PricingPage } from './pricing-page';

vi.mock('better-auth/react', async () => {
  const m = await import('@/test/mock-auth-client');
  return { createAuthClient: () => m.fakeAuthClient };
});

afterEach(() => vi.unstubAllGlobals());

describe('PricingPage', () => {
  it('shows three plans with monthly and annual prices; Pro is the most popular, priority support is Ultra only', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<PricingPage />, { signedIn: false });
    for (const t of ['Basic', 'Pro', 'Ultra']) expect(screen.getByTestId(`plan-${t}`)).toBeInTheDocument();
    expect(screen.getByTestId('plan-Pro')).toHaveTextContent('Most Popular');
    expect(screen.getByTestId('plan-Pro')).toHaveTextContent('$19.99');
    expect(screen.getByTestId('plan-Pro')).toHaveTextContent('15,000');
    expect(screen.getByTestId('plan-Pro')).toHaveTextContent('1,500');
    expect(screen.getByTestId('plan-Ultra')).toHaveTextContent('Priority support');
    expect(screen.getByTestId('plan-Pro')).not.toHaveTextContent('Priority support');
    expect(screen.getByText('Save 30%')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(screen.getByTestId('plan-Pro')).toHaveTextContent('$13.99');
    expect(screen.getByTestId('plan-Pro')).toHaveTextContent('$167.88 billed yearly');
  });

  it('opens the auth dialog for signed-out visitors', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { openAuthDialog } = renderWithProviders(<PricingPage />, { signedIn: false });
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));
    expect(openAuthDialog).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("waits, disabled, until a signed-in user's plan is known, so an early click is never taken for a visitor's", async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (answer = r)));
    vi.stubGlobal('fetch', fetchMock);
    const { openAuthDialog } = renderWithProviders(<PricingPage />, { signedIn: true });
    const subscribe = screen.getByRole('button', { name: 'Subscribe to Pro' });
    expect(subscribe).toBeDisabled();
    await userEvent.click(subscribe);
    expect(openAuthDialog).not.toHaveBeenCalled();
    answer(
      jsonResponse({
        subscription_tier: 'FREE',
        subscribed: false,
        currentBalance: 250,
        cancellation_end_date: null,
        billing_period: null,
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe to Pro' })).toBeEnabled());
  });

  it('creates a checkout for the chosen plan and period and goes to its URL', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ url: 'http://localhost/sandbox/checkout?session=s' }));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<PricingPage />, { signedIn: true });
    await userEvent.click(screen.getByRole('radio', { name: /Annual/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Ultra' }));
    expect((await screen.findAllByText('Creating checkout...')).length).toBeGreaterThan(0);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout?session=s'));
    const call = (fetchMock.mock.calls as unknown as [string, RequestInit][]).find(([url]) =>
      url.includes('create-checkout'),
    );
    expect(JSON.parse(bodyText(call?.[1].body))).toEqual({ planTier: 'Ultra', billingPeriod: 'yearly' });
  });

  it('shows the checkout failures with "Please try again"', async () => {
    let answer = jsonResponse({ error: { code: 'CHECKOUT_FAILED', message: 'Failed to create checkout' } }, 502);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer),
    );
    renderWithProviders(<PricingPage />, { signedIn: true });
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Basic' }));
    expect(await screen.findByText('Failed to create checkout')).toBeInTheDocument();
    expect(screen.getAllByText('Please try again').length).toBeGreaterThan(0);

    answer = jsonResponse({});
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to Basic' }));
    expect(await screen.findByText('No checkout URL received')).toBeInTheDocument();
  });
});
