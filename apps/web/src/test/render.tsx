import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentProps, ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { limitsFor, type LimitsInfo, type SubscriptionData } from '@plainspoken/shared';
import { sessionKeys, type SessionData } from '@/lib/auth';
import { AuthDialogContext } from '@/lib/auth-dialog';
import { subscriptionKeys } from '@/lib/subscription';

export const TEST_USER = { id: 'u1', email: 'ada@example.com', emailVerified: true, createdAt: '2025-07-01T00:00:00Z' };

/** A subscription whose limits view is `limits` (tests speak in limits; the cache holds the subscription). */
export function subscriptionFromLimits(limits: LimitsInfo): SubscriptionData {
  const paid = limits.subscriptionTier !== 'FREE';
  return {
    subscription_tier: limits.subscriptionTier,
    subscribed: paid,
    monthly_word_balance: limits.currentBalance,
    subscription_end: null,
    subscription_cancelled_at: null,
    cancellation_end_date: null,
    monthlyLimit: limitsFor(limits.subscriptionTier).monthlyWords,
    currentBalance: limits.currentBalance,
    isActive: paid,
  };
}

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** A path, or a location with router state (e.g. a text handed to the home card). */
type RouteEntry = NonNullable<ComponentProps<typeof MemoryRouter>['initialEntries']>[number];

export function renderWithProviders(
  ui: ReactElement,
  opts: { signedIn?: boolean; limits?: LimitsInfo; route?: RouteEntry; queryClient?: QueryClient } = {},
) {
  const qc = opts.queryClient ?? makeQueryClient();
  const session: SessionData | null = opts.signedIn ? { user: TEST_USER } : null;
  qc.setQueryData(sessionKeys.all, session);
  if (opts.limits) qc.setQueryData(subscriptionKeys.user(TEST_USER.id), subscriptionFromLimits(opts.limits));
  const openAuthDialog = vi.fn();
  const result = render(
    <QueryClientProvider client={qc}>
      <AuthDialogContext.Provider value={{ openAuthDialog }}>
        <MemoryRouter initialEntries={[opts.route ?? '/']}>{ui}</MemoryRouter>
      </AuthDialogContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, qc, openAuthDialog };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function words(n: number): string {
  return Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
}
