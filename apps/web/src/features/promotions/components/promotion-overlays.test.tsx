import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMOTIONS } from '@plainspoken/shared';
import { PromotionOverlays } from './promotion-overlays';
import { advance, renderPromo, useFakeClock } from './test-utils';

describe('PromotionOverlays', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing to a signed-out visitor, whatever the date', () => {
    useFakeClock('2025-08-01T12:00:00Z');
    renderPromo(<PromotionOverlays />, { signedIn: false });
    advance(5_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('back-to-school-button')).toBeNull();
    expect(screen.queryByTestId('summer-sale-button')).toBeNull();
  });

  it('during the summer sale: the summer dialog opens and the back-to-school button shows', () => {
    useFakeClock('2025-08-01T12:00:00Z');
    renderPromo(<PromotionOverlays />);
    advance(1_500);
    expect(screen.getByRole('dialog')).toHaveTextContent('SUMMEROFF50');
    expect(screen.getByTestId('back-to-school-button')).toBeInTheDocument();
  });

  it('today (after 2025-08-10): no summer sale, only the back-to-school button while the switch is on', () => {
    useFakeClock('2026-11-22T10:00:00Z');
    renderPromo(<PromotionOverlays />);
    advance(5_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('summer-sale-button')).toBeNull();
    expect(screen.queryByTestId('back-to-school-button') !== null).toBe(PROMOTIONS.backToSchool.enabled);
  });
});
