import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { BackToSchoolSale } from './back-to-school-sale';
import { renderPromo, useFakeClock, USER_ID } from './test-utils';

describe('the sale tab is announced with the words it shows', () => {
  afterEach(() => vi.useRealTimers());

  it('the tab reads "40% off" and its name starts with it', () => {
    useFakeClock(Date.parse('2026-09-01T10:00:00Z'));
    renderPromo(<BackToSchoolSale userId={USER_ID} />);
    const tab = screen.getByTestId('back-to-school-button');
    expect(tab).toHaveTextContent('40% off');
    expect(tab.getAttribute('aria-label')).toBe('40% off: Open the back-to-school sale');
  });
});
