/**
 * The HTML painted before the app's code arrives, rendered from the app's own components at build time
 * (vite.config.ts writes it to prerendered.json; the server puts it in the page for visitors without a
 * session). The app's first render replaces it with the same markup in the same place, so nothing moves
 * and the largest text is on screen as soon as the HTML and CSS are.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { AppRouteId } from '@plainspoken/shared';
import { Hero } from '@/features/home/components/hero';
import { sessionKeys } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { MAIN_CLASS } from './layout-classes';

/** The part of each page that is the same for every signed-out visitor, above the fold. */
const PAGE_TOPS: Partial<Record<AppRouteId, { path: string; node: () => React.ReactNode }>> = {
  home: { path: '/', node: () => <Hero /> },
};

export function prerender(): Partial<Record<AppRouteId, string>> {
  const out: Partial<Record<AppRouteId, string>> = {};
  for (const [id, page] of Object.entries(PAGE_TOPS) as [AppRouteId, NonNullable<(typeof PAGE_TOPS)[AppRouteId]>][]) {
    const qc = createQueryClient();
    qc.setQueryData(sessionKeys.all, null); // signed out, as for the visitors who get this HTML
    out[id] = renderToStaticMarkup(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={[page.path]}>
          <main id="main" className={MAIN_CLASS}>
            {page.node()}
          </main>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }
  return out;
}
