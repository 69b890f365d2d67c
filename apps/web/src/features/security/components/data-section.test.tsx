import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@plainspoken/shared';
import { renderWithProviders } from '@/test/render';
import { deleteAccount } from '../api/delete-account';
import { DataSection } from './data-section';

vi.mock('../api/delete-account', () => ({ deleteAccount: vi.fn(async () => {}) }));
afterEach(() => vi.clearAllMocks());

async function fill(withCode?: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  await userEvent.type(screen.getByLabelText('Your email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Your password'), 'password123');
  if (withCode) await userEvent.type(screen.getByLabelText('Two-factor code'), withCode);
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
}

describe('DataSection: deleting the account', () => {
  it('asks for a two-factor code when two-factor is on, and sends it', async () => {
    renderWithProviders(<DataSection email="ada@example.com" twoFactorEnabled />);
    await fill();
    expect(await screen.findByText(MSG.deletionCodeRequired)).toBeInTheDocument();
    expect(deleteAccount).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Two-factor code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(deleteAccount).toHaveBeenCalledWith('password123', 'ada@example.com', '123456'));
  }, 20_000);

  it('asks for no code when two-factor is off', async () => {
    renderWithProviders(<DataSection email="ada@example.com" />);
    await fill();
    expect(screen.queryByLabelText('Two-factor code')).not.toBeInTheDocument();
    await waitFor(() => expect(deleteAccount).toHaveBeenCalledWith('password123', 'ada@example.com', undefined));
  }, 20_000);
});
