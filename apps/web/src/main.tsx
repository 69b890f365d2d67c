import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { openedFromEmailLink } from './features/auth';
import './index.css';

// Before the router reads the URL: an email link's error or landing parameters are read and removed
// (their code loads only for such a visit).
const emailLink = openedFromEmailLink()
  ? import('./features/auth/email-links').then((m) => m.consumeEmailLinkError())
  : undefined;

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
/**
 * Resolves once the browser has painted the header the HTML carries (index.html), so it shows while
 * the page renders even where the code is already at hand; at most 100 ms (a hidden tab paints nothing).
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
// The first render waits for the page's module (the server preloads it beside this entry), so the page
// paints whole instead of a skeleton the page then pushes the footer away from. A failed load renders
// anyway: the page's own Suspense shows the loading state and retries.
Promise.all([emailLink, preloadRoute(window.location.pathname), afterFirstPaint()]).then(render, render);
