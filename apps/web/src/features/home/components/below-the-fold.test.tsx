import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The sections' chunk: the first download fails (a dropped connection), the next one works.
let downloads = 0;
vi.mock('./home-sections', () => {
  downloads++;
  if (downloads === 1) throw new Error('Failed to fetch dynamically imported module');
  return { HomeSections: () => <h2>Everything you need</h2> };
});

class NoIntersections {
  observe() {}
  disconnect() {}
}

describe('BelowTheFold', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', NoIntersections);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tries the download again after it failed, and shows the sections once it works', async () => {
    // The retry waits two seconds: a fake clock moves past them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { BelowTheFold } = await import('./below-the-fold');
    const { container } = render(
      <MemoryRouter initialEntries={['/#features']}>
        <BelowTheFold />
      </MemoryRouter>,
    );
    // A link to a section asks for them at once; the download fails and the placeholder stays.
    await act(() => vi.waitFor(() => expect(downloads, 'downloads asked for').toBe(1)));
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
    // Not tried again at once (each check above moved the fake clock by at most 50 ms)...
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(downloads).toBe(1);
    // ...but a little later the same trigger tries again.
    await act(() => vi.advanceTimersByTimeAsync(500));
    await act(() => vi.waitFor(() => screen.getByRole('heading', { name: 'Everything you need' })));
    expect(downloads).toBe(2);
  });
});
