import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { captureMailedLink } from './lib/mailed-link.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Before the router reads the hash: a mailed link's tokens leave the address bar first.
captureMailedLink();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
