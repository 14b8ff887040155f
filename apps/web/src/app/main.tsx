// First: no schema may be built before zod is told not to evaluate code (zod-config.ts).
import './zod-config.ts';
// Second, before React: the page's own chunk starts downloading now (preload-page.ts).
import { firstPageLoaded } from './preload-page.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../styles/tokens.css';
import '../styles/base.css';
import '../styles/layout.css';
import '../styles/components.css';
import '../styles/overlays.css';
import '../styles/pages.css';
import { applyBrandTokens } from './brand-tokens.ts';
import { AppErrorBoundary } from './error-boundary.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

applyBrandTokens();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The first render waits for the page's chunk (requested before React, so
 * usually in by now), for a moment at most: the first paint is the page, not
 * 'Loading the page…' replaced by it a moment later (issue 24). On a slow
 * link the shell shows after the moment, and the page says it is loading.
 */
const FIRST_PAGE_WAIT_MS = 1_000;

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

void Promise.race([firstPageLoaded, new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]).then(() => render(container));
