import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMOTIONS } from '@plainspoken/shared';
import { promoKeys } from '../lib/storage';
import { BackToSchoolSale } from './back-to-school-sale';
import { advance, renderPromo, useFakeClock, USER_ID } from './test-utils';

const NOW = Date.parse('2026-09-01T10:00:00Z');
const HOUR = 3_600_000;
const dialog = () => screen.queryByRole('dialog');
const button = () => screen.queryByTestId('back-to-school-button');
const startKey = promoKeys.backToSchoolStart(USER_ID);

describe('BackToSchoolSale', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts the 48-hour window the first time the button is shown, and never opens by itself', () => {
    useFakeClock(NOW);
    renderPromo(<BackToSchoolSale userId={USER_ID} />);
    expect(button()).not.toBeNull();
    expect(button()?.parentElement?.className).toMatch(/top-1\/2/);
    expect(button()?.parentElement?.className).toMatch(/left-0/); // middle left, on the edge
    expect(localStorage.getItem(startKey)).toBe(String(NOW));
    advance(10_000);
    expect(dialog()).toBeNull();
    // A later visit keeps the first start.
    expect(localStorage.getItem(startKey)).toBe(String(NOW));
  });

  it('opens from the button with the code and a 48-hour countdown', () => {
    useFakeClock(NOW);
    renderPromo(<BackToSchoolSale userId={USER_ID} />);
    fireEvent.click(button()!);
    expect(dialog()).not.toBeNull();
    expect(screen.getByTestId('promo-code')).toHaveTextContent(PROMOTIONS.backToSchool.code);
    expect(screen.getByTestId('countdown-days')).toHaveTextContent('02');
    expect(screen.getByTestId('countdown-hours')).toHaveTextContent('00');
    advance(1_000);
    expect(screen.getByTestId('countdown-days')).toHaveTextContent('01');
    expect(screen.getByTestId('countdown-hours')).toHaveTextContent('23');
    expect(screen.getByTestId('countdown-minutes')).toHaveTextContent('59');
    expect(screen.getByTestId('countdown-seconds')).toHaveTextContent('59');
  });

  it('continues from a stored start and vanishes at zero, dialog included', () => {
    useFakeClock(NOW);
    localStorage.setItem(startKey, String(NOW - 48 * HOUR + 3_000));
    renderPromo(<BackToSchoolSale userId={USER_ID} />);
    fireEvent.click(button()!);
    expect(screen.getByTestId('countdown-seconds')).toHaveTextContent('03');
    advance(2_000);
    expect(dialog()).not.toBeNull();
    advance(1_000);
    expect(dialog()).toBeNull();
    expect(button()).toBeNull();
  });

  it('shows nothing once the stored window is over', () => {
    useFakeClock(NOW);
    localStorage.setItem(startKey, String(NOW - 49 * HOUR));
    renderPromo(<BackToSchoolSale userId={USER_ID} />);
    expect(button()).toBeNull();
    expect(localStorage.getItem(startKey)).toBe(String(NOW - 49 * HOUR));
  });

  it('ignores a corrupt stored start and starts afresh', () => {
    useFakeClock(NOW);
    localStorage.setItem(startKey, 'yesterday');
    renderPromo(<BackToSchoolSale userId={USER_ID} />);
    expect(button()).not.toBeNull();
  });

  it('dismissing stores the tab-session flag and brings the button back', () => {
    useFakeClock(NOW);
    renderPromo(<BackToSchoolSale userId={USER_ID} />);
    fireEvent.click(button()!);
    expect(button()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(sessionStorage.getItem(promoKeys.backToSchoolDismissed(USER_ID))).toBe('true');
    expect(dialog()).toBeNull();
    expect(button()).not.toBeNull();
  });

  it('Go to Pricing navigates and closes, but does not mark the code redeemed', () => {
    useFakeClock(NOW);
    renderPromo(<BackToSchoolSale userId={USER_ID} />);
    fireEvent.click(button()!);
    fireEvent.click(screen.getByRole('button', { name: /go to pricing/i }));
    expect(localStorage.getItem(promoKeys.backToSchoolRedeemed(USER_ID))).toBeNull();
    expect(screen.getByText('Pricing page')).toBeInTheDocument();
    expect(dialog()).toBeNull();
    expect(button()).not.toBeNull();
  });

  it('hides everything once the server says a checkout with the code completed, and records it', () => {
    useFakeClock(NOW);
    renderPromo(<BackToSchoolSale userId={USER_ID} />, { redeemed: [PROMOTIONS.backToSchool.code] });
    expect(button()).toBeNull();
    expect(localStorage.getItem(promoKeys.backToSchoolRedeemed(USER_ID))).toBe('true');
  });

  it('the close button hides the entry for the tab session', () => {
    useFakeClock(NOW);
    renderPromo(<BackToSchoolSale userId={USER_ID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Hide: the back-to-school sale (for this session)' }));
    expect(button()).toBeNull();
    expect(sessionStorage.getItem(promoKeys.backToSchoolButtonHidden(USER_ID))).toBe('true');
  });

  it('the button pulses every 2 s for 0.5 s', () => {
    useFakeClock(NOW);
    renderPromo(<BackToSchoolSale userId={USER_ID} />);
    expect(button()).toHaveAttribute('data-pulsing', 'false');
    advance(2_000);
    expect(button()).toHaveAttribute('data-pulsing', 'true');
    advance(499);
    expect(button()).toHaveAttribute('data-pulsing', 'true');
    advance(1);
    expect(button()).toHaveAttribute('data-pulsing', 'false');
    advance(1_500);
    expect(button()).toHaveAttribute('data-pulsing', 'true');
  });
});
