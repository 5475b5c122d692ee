import { AppProviders } from '@web/app/providers';
import { AppRoutes } from '@web/app/router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render as a transition: React then works in slices and lets the browser paint and
// answer input between them, instead of holding the page for the whole tree (docs/performance.md).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
