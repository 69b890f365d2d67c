import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PromotionOverlays } from './promotion-overlays';
import { advance, renderPromo, useFakeClock } from './test-utils';

vi.mock('@plainspoken/shared', async (importOriginal) => {
  const orig = await importOriginal<typeof import('@plainspoken/shared')>();
  return {
    ...orig,
    PROMOTIONS: { ...orig.PROMOTIONS, backToSchool: { ...orig.PROMOTIONS.backToSchool, enabled: false } },
  };
});

describe('back-to-school campaign switch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('off: no button, and no start is stored', () => {
    localStorage.clear();
    useFakeClock('2026-09-01T10:00:00Z');
    renderPromo(<PromotionOverlays />);
    advance(5_000);
    expect(screen.queryByTestId('back-to-school-button')).toBeNull();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('back_to_school'))).toEqual([]);
  });
});
