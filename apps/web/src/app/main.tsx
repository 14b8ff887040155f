// First: no schema may be built before zod is told not to evaluate code (zod-config.ts).
import '../lib/zod-config.ts';
// Second, before React: the page's own chunk starts downloading now (preload-page.ts).
import './preload-page.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../styles/tokens.css';
import '../styles/base.css';
import '../styles/layout.css';
import '../styles/components.css';
import '../styles/overlays.css';
import '../styles/pages.css';
import { applyBrandTokens } from '../lib/brand-tokens.ts';
import { AppErrorBoundary } from './error-boundary.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

applyBrandTokens();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
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
