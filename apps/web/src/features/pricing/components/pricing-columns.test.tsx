import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
