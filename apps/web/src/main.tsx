import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { consumeEmailLinkError } from './features/auth';
import './index.css';

// Before the router reads the URL: an email link's error parameters are turned into a toast and removed.
consumeEmailLinkError();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// The first render waits for the page's module (the server preloads it beside this entry), so the page
// paints whole instead of a skeleton the page then pushes the footer away from. A failed load renders
// anyway: the page's own Suspense shows the loading state and retries.
preloadRoute(window.location.pathname).then(render, render);
