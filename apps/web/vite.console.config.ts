import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { precompress } from './build-tools/precompress.ts';

/**
 * The staff console's own bundle (docs/decisions/0018-staff-console.md):
 * src/console/index.html and everything it imports, built after the
 * customer site into dist/admin and served at /admin by the same server.
 * The customer build (vite.config.ts) never reaches src/console, so the
 * customers' pages never download a byte of it.
 */
const root = fileURLToPath(new URL('./src/console', import.meta.url));

export default defineConfig({
  root,
  base: '/admin/',
  // The console's favicon and logo are the site's own, served from the site's root.
  publicDir: false,
  plugins: [react(), precompress()],
  build: { outDir: fileURLToPath(new URL('./dist/admin', import.meta.url)), emptyOutDir: true, target: 'es2022' },
});
