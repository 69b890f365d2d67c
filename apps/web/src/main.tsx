import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { consumeEmailLinkError } from './features/auth';
import './index.css';

// Before the router reads the URL: an email link's error parameters are turned into a toast and removed.
consumeEmailLinkError();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
