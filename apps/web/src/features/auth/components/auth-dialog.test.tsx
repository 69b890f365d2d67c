import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@plainspoken/shared';
import type { AuthMode } from '@/lib/auth-dialog';
import { jsonResponse, makeQueryClient, renderWithProviders } from '@/test/render';
import { fakeAuthClient } from '@/test/mock-auth-client';
import { INVALID_EMAIL_MESSAGE } from '../lib/auth-errors';
import { AuthDialog } from './auth-dialog';

vi.mock('better-auth/react', async () => {
  const m = await import('@/test/mock-auth-client');
  return { createAuthClient: () => m.fakeAuthClient };
});

const onEmailSent = vi.fn();
const onOpenChange = vi.fn();

function Harness({ initial = 'sign-up' as AuthMode }) {
  const [mode, setMode] = useState<AuthMode>(initial);
  return <AuthDialog open mode={mode} onModeChange={setMode} onOpenChange={onOpenChange} onEmailSent={onEmailSent} />;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jsonResponse({ googleEnabled: false, contactEmail: 'hello@example.com', posthog: null, payments: 'sandbox' }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

describe('AuthDialog', () => {
  it('welcomes the user in sign-up mode and toggles to sign-in', async () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('heading', { name: /Welcome to Plainspoken/ })).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in here' }));
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up here' }));
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
  });

  it('shows the password hint in sign-up mode once the user types', async () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByTestId('password-hint')).not.toBeInTheDocument();
    await userEvent.type(password(), 'a');
    expect(screen.getByTestId('password-hint')).toHaveTextContent('At least 8 characters');
  });

  it('asks for both fields', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MSG.fillAllFields)).toBeInTheDocument();
    expect(fakeAuthClient.signUp.email).not.toHaveBeenCalled();
  });

  it('checks the password rule before signing up', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'abcdefgh');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MSG.passwordRule)).toBeInTheDocument();
    expect(fakeAuthClient.signUp.email).not.toHaveBeenCalled();
  });

  it('signs up and hands over to the check-your-email dialog', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'abcdefg1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onEmailSent).toHaveBeenCalledWith('ada@example.com', 'verify'));
    expect(fakeAuthClient.signUp.email).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'ada@example.com',
        password: 'abcdefg1',
        name: 'ada@example.com',
        callbackURL: '/?link=confirm',
      }),
    );
  });

  it('shows the already-registered message', async () => {
    fakeAuthClient.signUp.email.mockResolvedValueOnce({
      data: {},
      error: { code: 'USER_ALREADY_EXISTS', message: 'x' },
    });
    renderWithProviders(<Harness />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'abcdefg1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MSG.alreadyRegistered)).toBeInTheDocument();
  });

  it('signs in, closes and welcomes back', async () => {
    renderWithProviders(<Harness initial="sign-in" />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('maps a wrong password to the bad credentials message', async () => {
    fakeAuthClient.signIn.email.mockResolvedValueOnce({
      data: {},
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    renderWithProviders(<Harness initial="sign-in" />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MSG.badCredentials)).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('shows errors under their field, in plain words, not as a toast', async () => {
    fakeAuthClient.signUp.email.mockResolvedValueOnce({
      data: {},
      error: { code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' },
    });
    renderWithProviders(<Harness />);
    // An address that cannot be one is caught before any request.
    await userEvent.type(email(), 'ada@example');
    await userEvent.type(password(), 'abcdefg1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(email()).toHaveAccessibleDescription(INVALID_EMAIL_MESSAGE);
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(fakeAuthClient.signUp.email).not.toHaveBeenCalled();
    // The server's own validation answer is worded the same, without its "[body.email]" prefix.
    await userEvent.type(email(), '.com');
    expect(email()).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(email()).toHaveAccessibleDescription(INVALID_EMAIL_MESSAGE));
    expect(screen.queryByText(/\[body\./)).not.toBeInTheDocument();
    // The password rule goes under the password.
    await userEvent.clear(password());
    await userEvent.type(password(), 'abcdefgh');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(password()).toHaveAccessibleDescription(expect.stringContaining(MSG.passwordRule));
  });

  it('offers Resend in place for an unconfirmed account, then hands over to check-your-email', async () => {
    fakeAuthClient.signIn.email.mockResolvedValueOnce({
      data: {},
      error: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
    });
    renderWithProviders(<Harness initial="sign-in" />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'abcdefg1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(email()).toHaveAccessibleDescription(MSG.unconfirmedEmail));
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(onEmailSent).toHaveBeenCalledWith('ada@example.com', 'verify'));
    expect(fakeAuthClient.sendVerificationEmail).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ada@example.com' }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('sends a one-time sign-in link', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: /Email me a sign-in link/ }));
    await waitFor(() => expect(onEmailSent).toHaveBeenCalledWith('ada@example.com', 'magic'));
    expect(fakeAuthClient.signIn.magicLink).toHaveBeenCalledWith({
      email: 'ada@example.com',
      callbackURL: '/?link=sign-in',
    });
  });

  it("asks for the email address of a sign-in link in the product's words", async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /Email me a sign-in link/ }));
    expect(await screen.findByText(MSG.signInLinkEmailRequired)).toBeInTheDocument();
    expect(screen.queryByText(/phone number/)).not.toBeInTheDocument();
    expect(fakeAuthClient.signIn.magicLink).not.toHaveBeenCalled();
  });

  it('offers Google only when the server has it configured', async () => {
    const off = makeQueryClient();
    off.setQueryData(['config'], {
      googleEnabled: false,
      contactEmail: 'x@example.com',
      posthog: null,
      payments: 'sandbox',
      engine: 'local',
    });
    const { unmount } = renderWithProviders(<Harness />, { queryClient: off });
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue with Google/ })).not.toBeInTheDocument();
    unmount();
    const on = makeQueryClient();
    on.setQueryData(['config'], {
      googleEnabled: true,
      contactEmail: 'x@example.com',
      posthog: null,
      payments: 'sandbox',
      engine: 'local',
    });
    renderWithProviders(<Harness />, { queryClient: on });
    expect(screen.getByRole('button', { name: /Continue with Google/ })).toBeInTheDocument();
  });
});
