import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { matchAppRoute, NOT_FOUND_ROUTE_META } from '@plainspoken/shared';
import { trackPageview } from '@/lib/analytics';

/** How long to wait for the element a hash names (its page, or a section of it, loads lazily). */
const HASH_SCROLL_WAIT_MS = 5000;

/**
 * Scrolls to the top on a new page, or to the element named by the hash (/#features). Pages
 * and the home page's lower sections load lazily, so the target may appear a little later: retry each
 * frame for a few seconds.
 */
export function RouteEffects() {
  const { pathname, hash } = useLocation();

  useEffect(() => {
    trackPageview(pathname);
  }, [pathname]);

  // The server wrote the first page's title and description; later pages set their own.
  useEffect(() => {
    const meta = matchAppRoute(pathname) ?? NOT_FOUND_ROUTE_META;
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname]);

  useEffect(() => {
    const id = hash.startsWith('#') ? decodeURIComponent(hash.slice(1)) : '';
    if (!id || id.includes('=')) {
      window.scrollTo({ top: 0 });
      return;
    }
    const until = performance.now() + HASH_SCROLL_WAIT_MS;
    let frame = 0;
    const attempt = () => {
      const el = document.getElementById(id);
      if (el) {
        el.scrollIntoView({ behavior: 'smooth', block: 'start' });
        return;
      }
      if (performance.now() < until) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);

  return null;
}
