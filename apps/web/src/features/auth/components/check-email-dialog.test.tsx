import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadAuthClient } from '@/lib/auth';
import { renderWithProviders, TEST_USER } from '@/test/render';
import { fakeAuthClient } from '@/test/mock-auth-client';
import { CheckEmailDialog } from './check-email-dialog';

vi.mock('better-auth/react', async () => {
  const m = await import('@/test/mock-auth-client');
  return { createAuthClient: () => m.fakeAuthClient };
});

// The auth client loads on first use; loaded up front, its calls run within the fake timers' steps.
beforeAll(() => preloadAuthClient());

// The session is read from better-auth's endpoint (lib/auth.ts fetchSession); `signedIn` answers it.
let signedIn = false;
const fetchMock = vi.fn(async (url: string) =>
  url === '/api/auth/get-session'
    ? new Response(JSON.stringify(signedIn ? { user: TEST_USER, session: {} } : null), {
        headers: { 'content-type': 'application/json' },
      })
    : new Response('{}', { status: 404 }),
);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  signedIn = false;
  vi.stubGlobal('fetch', fetchMock);
  fakeAuthClient.sendVerificationEmail.mockResolvedValue({ data: {}, error: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.clearAllMocks();
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('CheckEmailDialog', () => {
  it('shows the address and the delivery note', () => {
    renderWithProviders(
      <CheckEmailDialog
        open
        email="ada@example.com"
        via="verify"
        onSignedIn={() => undefined}
        onUseDifferentEmail={() => undefined}
      />,
    );
    expect(screen.getByText('Check your email')).toBeInTheDocument();
    expect(screen.getByTestId('check-email-address')).toHaveTextContent('ada@example.com');
    expect(screen.getByText(/up to 5 minutes/)).toHaveTextContent(/spam/);
  });

  it('counts the resend cooldown down from 30 s, then enables Resend link', async () => {
    renderWithProviders(
      <CheckEmailDialog
        open
        email="ada@example.com"
        via="verify"
        onSignedIn={() => undefined}
        onUseDifferentEmail={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Resend in 30s' })).toBeDisabled();
    await advance(1000);
    expect(screen.getByRole('button', { name: 'Resend in 29s' })).toBeDisabled();
    await advance(28_000);
    expect(screen.getByRole('button', { name: 'Resend in 1s' })).toBeDisabled();
    await advance(1000);
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeEnabled();
  });

  it('resends, toasts and restarts the cooldown', async () => {
    renderWithProviders(
      <CheckEmailDialog
        open
        email="ada@example.com"
        via="verify"
        onSignedIn={() => undefined}
        onUseDifferentEmail={() => undefined}
      />,
    );
    await advance(30_000);
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    await advance(0);
    expect(fakeAuthClient.sendVerificationEmail).toHaveBeenCalledWith({
      email: 'ada@example.com',
      callbackURL: '/?link=confirm',
    });
    expect(screen.getByText('Email sent')).toBeInTheDocument();
    expect(screen.getByText("We've resent the confirmation email. Please check your inbox.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend in 30s' })).toBeDisabled();
  });

  it('resends the sign-in link when opened for one, and shows a failure', async () => {
    fakeAuthClient.signIn.magicLink.mockResolvedValueOnce({ data: null as never, error: { message: '' } });
    renderWithProviders(
      <CheckEmailDialog
        open
        email="ada@example.com"
        via="magic"
        onSignedIn={() => undefined}
        onUseDifferentEmail={() => undefined}
      />,
    );
    await advance(30_000);
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    await advance(0);
    expect(fakeAuthClient.signIn.magicLink).toHaveBeenCalledWith({
      email: 'ada@example.com',
      callbackURL: '/?link=sign-in',
    });
    expect(screen.getByText('Failed to resend email')).toBeInTheDocument();
  });

  it('cannot be closed with Escape', async () => {
    renderWithProviders(
      <CheckEmailDialog
        open
        email="ada@example.com"
        via="verify"
        onSignedIn={() => undefined}
        onUseDifferentEmail={() => undefined}
      />,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await advance(100);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('polls the session every 2 s and reports the sign-in', async () => {
    const onSignedIn = vi.fn();
    renderWithProviders(
      <CheckEmailDialog
        open
        email="ada@example.com"
        via="verify"
        onSignedIn={onSignedIn}
        onUseDifferentEmail={() => undefined}
      />,
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    signedIn = true;
    await advance(2100);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/get-session', expect.anything());
    expect(onSignedIn).toHaveBeenCalled();
  });
});
