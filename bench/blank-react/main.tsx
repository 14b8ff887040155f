// The yardstick for the site's JavaScript budget: React 19 rendering one
// element, built by the same Vite and React plugin as apps/web.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Blank React page</h1>
  </StrictMode>,
);
