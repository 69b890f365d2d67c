import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_CHECK, TIER_LIMITS } from '@plainspoken/shared';
import { renderWithProviders } from '@/test/render';
import { PricingPage } from './pricing-page';

vi.mock('better-auth/react', async () => {
  const m = await import('@/test/mock-auth-client');
  return { createAuthClient: () => m.fakeAuthClient };
});

afterEach(() => vi.unstubAllGlobals());

describe('pricing columns', () => {
  it('has a Free column; paid plans list what they add, without repeating their caps as ticks', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<PricingPage />, { signedIn: false });
    const free = screen.getByTestId('plan-Free');
    expect(free).toHaveTextContent('$0');
    expect(within(free).getByRole('button', { name: 'Start free' })).toBeEnabled();
    for (const tier of ['Basic', 'Pro', 'Ultra']) {
      const card = screen.getByTestId(`plan-${tier}`);
      const ticks = within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '');
      expect(
        ticks.some((t) => /words per (month|request)$/.test(t)),
        tier,
      ).toBe(false);
      expect(ticks).toContain('Everything in Free');
      expect(ticks).toContain('API keys for the public API');
      expect(ticks.some((t) => t.startsWith('AI check up to'))).toBe(true);
      expect(ticks).not.toContain('Transformation history');
    }
  });

  it('states the AI check limit the server applies: 500 on Free (the visitor floor), the request cap above it', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<PricingPage />, { signedIn: false });
    const free = screen.getByTestId('plan-Free');
    expect(AI_CHECK.anonymousWords).toBeGreaterThan(TIER_LIMITS.FREE.requestCap);
    expect(free).toHaveTextContent(`AI check up to ${AI_CHECK.anonymousWords} words at a time`);
    expect(free).not.toHaveTextContent(`AI check up to ${TIER_LIMITS.FREE.requestCap} words`);
    expect(screen.getByTestId('plan-Basic')).toHaveTextContent('AI check up to 500 words at a time');
    expect(screen.getByTestId('plan-Pro')).toHaveTextContent('AI check up to 1,500 words at a time');
    expect(screen.getByTestId('plan-Ultra')).toHaveTextContent('AI check up to 3,000 words at a time');
  });
});
