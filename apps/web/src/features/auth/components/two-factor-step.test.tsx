import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { renderWithProviders } from '@/test/render';
import { AuthRequestError } from '../lib/auth-errors';
import { TwoFactorStep } from './two-factor-step';

const verify = vi.hoisted(() => vi.fn<(code: string, kind: 'totp' | 'backup') => Promise<string | null>>());
vi.mock('../api/verify-two-factor', () => ({ verifySignInCode: verify }));

function setup() {
  const onSignedIn = vi.fn();
  const onBack = vi.fn();
  renderWithProviders(
    <Dialog open>
      <DialogContent aria-describedby={undefined}>
        <TwoFactorStep onSignedIn={onSignedIn} onBack={onBack} />
      </DialogContent>
    </Dialog>,
  );
  return { onSignedIn, onBack };
}

afterEach(() => verify.mockReset());

describe('TwoFactorStep', () => {
  it('asks for six digits before calling the server', async () => {
    setup();
    await userEvent.type(screen.getByLabelText('Authentication code'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('6-digit code');
    expect(verify).not.toHaveBeenCalled();
  });

  it('says so when a code is wrong, and signs in with the right one', async () => {
    const { onSignedIn } = setup();
    verify.mockRejectedValueOnce(new AuthRequestError({ code: 'INVALID_CODE', message: 'Invalid code', status: 401 }));
    await userEvent.type(screen.getByLabelText('Authentication code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("didn't work");
    verify.mockResolvedValueOnce('u1');
    await userEvent.type(screen.getByLabelText('Authentication code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('u1'));
    expect(verify).toHaveBeenLastCalledWith('123456', 'totp');
  });

  it('takes a backup code instead, and stops after too many tries', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    verify.mockRejectedValueOnce(
      new AuthRequestError({ code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', message: 'Too many attempts', status: 400 }),
    );
    await userEvent.type(screen.getByLabelText('Backup code'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('sign in with your password again');
    expect(verify).toHaveBeenCalledWith('abcde-12345', 'backup');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });
});
