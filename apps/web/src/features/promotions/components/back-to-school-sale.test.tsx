import { act, fireEvent, screen } from '@testing-library/react';
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

  it("asks the server to start the window the first time, and counts down to the server's end", async () => {
    useFakeClock(NOW);
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({
        redeemed: [],
        backToSchool: { startedAt: new Date(NOW).toISOString(), endsAt: new Date(NOW + 48 * HOUR).toISOString() },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPromo(<BackToSchoolSale userId={USER_ID} />, { backToSchool: null });
    await act(async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
    });
    await vi.waitFor(() => expect(button()).not.toBeNull());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url instanceof Request ? url.url : url.toString()).toMatch(/\/api\/promotions\/back-to-school$/);
    expect(init?.method).toBe('POST');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(button()?.parentElement?.className).toMatch(/top-1\/2/);
    expect(button()?.parentElement?.className).toMatch(/left-0/); // middle left, on the edge
    // Nothing of the window is kept in this browser.
    expect(localStorage.getItem(startKey)).toBeNull();
    advance(10_000);
    expect(dialog()).toBeNull();
    vi.unstubAllGlobals();
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

  it("continues to the server's end and vanishes at zero, dialog included", () => {
    useFakeClock(NOW);
    renderPromo(<BackToSchoolSale userId={USER_ID} />, {
      backToSchool: { startedAt: NOW - 48 * HOUR + 3_000, endsAt: NOW + 3_000 },
    });
    fireEvent.click(button()!);
    expect(screen.getByTestId('countdown-seconds')).toHaveTextContent('03');
    advance(2_000);
    expect(dialog()).not.toBeNull();
    advance(1_000);
    expect(dialog()).toBeNull();
    expect(button()).toBeNull();
  });

  it("shows nothing once the account's window is over, and does not start another", () => {
    useFakeClock(NOW);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderPromo(<BackToSchoolSale userId={USER_ID} />, {
      backToSchool: { startedAt: NOW - 49 * HOUR, endsAt: NOW - HOUR },
    });
    expect(button()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it("a start kept by this browser (older versions) changes nothing: the server's end counts", () => {
    useFakeClock(NOW);
    localStorage.setItem(startKey, String(NOW));
    renderPromo(<BackToSchoolSale userId={USER_ID} />, {
      backToSchool: { startedAt: NOW - 47 * HOUR, endsAt: NOW + HOUR },
    });
    fireEvent.click(button()!);
    expect(screen.getByTestId('countdown-days')).toHaveTextContent('00');
    expect(screen.getByTestId('countdown-hours')).toHaveTextContent('01');
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
