import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';

/** How long after the page's load event the sections load even if nothing asked for them (screen readers). */
const LOAD_ANYWAY_MS = 3000;
/** How far below the viewport the placeholder starts their download. */
const AHEAD = '400px 0px';
const INTERACTIONS = ['keydown', 'pointerdown', 'wheel', 'touchstart', 'scroll'] as const;
/** After a failed download (a dropped connection), wait this long, then let the same triggers try again. */
const RETRY_AFTER_MS = 2000;

const loadSections = () => import('./home-sections').then((m) => m.HomeSections);

/**
 * The home page's sections below the humanizer card (detector names, features, FAQ, closing call) are not
 * part of the first load: they start below the fold on every screen up to 1,200 px tall, so their code
 * loads when the visitor scrolls near them, presses a key or touches the page, follows a link to one of
 * them (/#features), or a few seconds after the page has loaded. Until then a placeholder of about their
 * height keeps the footer where it will be, so nothing shifts (docs/decisions: first load). A download that
 * fails is tried again by the same triggers a little later.
 */
export function BelowTheFold() {
  const [Sections, setSections] = useState<ComponentType | null>(null);
  const [failures, setFailures] = useState(0);
  const placeholder = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const wanted = hash.length > 1;

  useEffect(() => {
    if (Sections) return;
    let done = false;
    let timer = 0;
    let retry = 0;
    const load = () => {
      if (done) return;
      done = true;
      cleanup();
      loadSections().then(
        (C) => setSections(() => C),
        () => {
          retry = window.setTimeout(() => setFailures((n) => n + 1), RETRY_AFTER_MS);
        },
      );
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      rootMargin: AHEAD,
    });
    if (placeholder.current) observer.observe(placeholder.current);
    for (const type of INTERACTIONS) window.addEventListener(type, load, { once: true, passive: true });
    const onLoad = () => {
      timer = window.setTimeout(load, LOAD_ANYWAY_MS);
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    function cleanup() {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, load);
      window.removeEventListener('load', onLoad);
      window.clearTimeout(timer);
    }
    if (wanted) load();
    return () => {
      cleanup();
      window.clearTimeout(retry);
    };
  }, [Sections, wanted, failures]);

  if (Sections) return <Sections />;
  return <div ref={placeholder} aria-hidden="true" className="min-h-[2640px] md:min-h-[1880px] lg:min-h-[1640px]" />;
}
