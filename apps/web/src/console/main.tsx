// First: no schema may be built before zod is told not to evaluate code (lib/zod-config.ts).
import '../lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/tokens.css';
import '../styles/base.css';
import '../styles/components.css';
import '../styles/overlays.css';
import './console.css';
import { applyBrandTokens } from '../lib/brand-tokens.ts';
import { ConsoleApp } from './app/console-app.tsx';

applyBrandTokens();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
