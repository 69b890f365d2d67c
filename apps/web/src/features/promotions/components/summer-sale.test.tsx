import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMOTIONS } from '@plainspoken/shared';
import { promoKeys } from '../lib/storage';
import { SummerSale } from './summer-sale';
import { advance, renderPromo, useFakeClock, USER_ID } from './test-utils';

const END = PROMOTIONS.summer.endsAt;
const dialog = () => screen.queryByRole('dialog');
const button = () => screen.queryByTestId('summer-sale-button');

describe('SummerSale', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens 1.5 s after sign-in with the code and a countdown to the end date', () => {
    useFakeClock('2025-08-01T12:00:00Z');
    renderPromo(<SummerSale userId={USER_ID} />);
    advance(1_499);
    expect(dialog()).toBeNull();
    advance(1);
    expect(dialog()).not.toBeNull();
    expect(screen.getByTestId('promo-code')).toHaveTextContent('SUMMEROFF50');
    // 2025-08-10 23:59:59 minus 2025-08-01 12:00:01 (the last one-second tick).
    expect(screen.getByTestId('countdown-days')).toHaveTextContent('09');
    expect(screen.getByTestId('countdown-hours')).toHaveTextContent('11');
    expect(screen.getByTestId('countdown-minutes')).toHaveTextContent('59');
    expect(screen.getByTestId('countdown-seconds')).toHaveTextContent('58');
    advance(1_000);
    expect(screen.getByTestId('countdown-seconds')).toHaveTextContent('57');
    expect(screen.getByRole('button', { name: /go to pricing/i })).toBeInTheDocument();
  });

  it('shows nothing after the end date (today), not even after waiting', () => {
    useFakeClock(END + 1_000);
    renderPromo(<SummerSale userId={USER_ID} />);
    advance(10_000);
    expect(dialog()).toBeNull();
    expect(button()).toBeNull();
  });

  it('vanishes when the end date passes while the dialog is open', () => {
    useFakeClock(END - 3_000);
    renderPromo(<SummerSale userId={USER_ID} />);
    advance(1_500);
    expect(dialog()).not.toBeNull();
    advance(3_000);
    expect(dialog()).toBeNull();
    expect(button()).toBeNull();
  });

  it('closing stores the tab-session dismissal and leaves a floating button that reopens it', () => {
    useFakeClock('2025-07-20T08:00:00Z');
    renderPromo(<SummerSale userId={USER_ID} />);
    advance(1_500);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
    expect(sessionStorage.getItem(promoKeys.summerDismissed(USER_ID))).toBe('true');
    expect(localStorage.getItem(promoKeys.summerDismissed(USER_ID))).toBeNull();
    const b = button();
    expect(b).not.toBeNull();
    expect(b?.parentElement?.className).toMatch(/bottom-6/);
    expect(b?.parentElement?.className).toMatch(/left-0/);
    fireEvent.click(b!);
    expect(dialog()).not.toBeNull();
  });

  it('does not auto-open when dismissed in this tab session, but offers the button', () => {
    useFakeClock('2025-07-20T08:00:00Z');
    sessionStorage.setItem(promoKeys.summerDismissed(USER_ID), 'true');
    renderPromo(<SummerSale userId={USER_ID} />);
    advance(5_000);
    expect(dialog()).toBeNull();
    expect(button()).not.toBeNull();
  });

  it('stays away once redeemed', () => {
    useFakeClock('2025-07-20T08:00:00Z');
    localStorage.setItem(promoKeys.summerRedeemed(USER_ID), 'true');
    renderPromo(<SummerSale userId={USER_ID} />);
    advance(5_000);
    expect(dialog()).toBeNull();
    expect(button()).toBeNull();
  });

  it('flags are per user', () => {
    useFakeClock('2025-07-20T08:00:00Z');
    localStorage.setItem(promoKeys.summerRedeemed('someone-else'), 'true');
    renderPromo(<SummerSale userId={USER_ID} />);
    advance(1_500);
    expect(dialog()).not.toBeNull();
  });

  it('Go to Pricing navigates to /pricing and closes, but does not mark the code redeemed', () => {
    useFakeClock('2025-07-20T08:00:00Z');
    renderPromo(<SummerSale userId={USER_ID} />);
    advance(1_500);
    fireEvent.click(screen.getByRole('button', { name: /go to pricing/i }));
    expect(localStorage.getItem(promoKeys.summerRedeemed(USER_ID))).toBeNull();
    expect(screen.getByText('Pricing page')).toBeInTheDocument();
    expect(dialog()).toBeNull();
  });

  it('stays away once the server says a checkout with the code completed', () => {
    useFakeClock('2025-07-20T08:00:00Z');
    renderPromo(<SummerSale userId={USER_ID} />, { redeemed: ['SUMMEROFF50'] });
    advance(5_000);
    expect(dialog()).toBeNull();
    expect(button()).toBeNull();
  });

  it('the floating button pulses every 5 s for 2 s', () => {
    useFakeClock('2025-07-20T08:00:00Z');
    sessionStorage.setItem(promoKeys.summerDismissed(USER_ID), 'true');
    renderPromo(<SummerSale userId={USER_ID} />);
    expect(button()).toHaveAttribute('data-pulsing', 'false');
    advance(4_999);
    expect(button()).toHaveAttribute('data-pulsing', 'false');
    advance(1);
    expect(button()).toHaveAttribute('data-pulsing', 'true');
    advance(1_999);
    expect(button()).toHaveAttribute('data-pulsing', 'true');
    advance(1);
    expect(button()).toHaveAttribute('data-pulsing', 'false');
    advance(3_000);
    expect(button()).toHaveAttribute('data-pulsing', 'true');
  });

  it('copies the code, and asks for a manual copy when the clipboard refuses', async () => {
    useFakeClock('2025-07-20T08:00:00Z');
    const writeText = vi
      .fn<(t: string) => Promise<void>>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const exec = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    renderPromo(<SummerSale userId={USER_ID} />);
    advance(1_500);
    // Toasts wait on real timers; the dialog is already open, so the fake clock is no longer needed.
    vi.useRealTimers();
    const copy = screen.getByRole('button', { name: /copy code SUMMEROFF50/i });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith('SUMMEROFF50');
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(exec).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('Copy Failed')).toBeInTheDocument();
    expect(screen.getByText('Please copy the code manually: SUMMEROFF50')).toBeInTheDocument();
  });
});
