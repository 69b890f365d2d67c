import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { sessionKeys, type SessionData } from '@/lib/auth';

export const USER_ID = 'user-1';

/** Renders an overlay with a home and a pricing route, the session preset so no request is made. */
export function renderPromo(
  ui: ReactElement,
  opts: { signedIn?: boolean; redeemed?: string[]; backToSchool?: { startedAt: number; endsAt: number } | null } = {},
) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const session: SessionData | null =
    opts.signedIn === false
      ? null
      : { user: { id: USER_ID, email: 'ada@example.com', emailVerified: true, createdAt: '2025-07-01T00:00:00Z' } };
  qc.setQueryData(sessionKeys.all, session);
  // What GET /api/promotions answers: the codes redeemed by a completed checkout, and the account's
  // back-to-school window (by default one that started now).
  const w =
    opts.backToSchool === undefined
      ? { startedAt: Date.now(), endsAt: Date.now() + 48 * 3_600_000 }
      : opts.backToSchool;
  qc.setQueryData(['promotions', USER_ID], {
    redeemed: opts.redeemed ?? [],
    backToSchool: w
      ? { startedAt: new Date(w.startedAt).toISOString(), endsAt: new Date(w.endsAt).toISOString() }
      : null,
  });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/']}>
        {ui}
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/pricing" element={<p>Pricing page</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

export function useFakeClock(iso: string | number) {
  vi.useFakeTimers({
    now: new Date(iso),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

export function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
