import react from '@vitejs/plugin-react';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * A blank React 19 page built as apps/web is built (same Vite, same React
 * plugin, same target), so the site's JavaScript can be compared with the
 * least any React page downloads. The output folder is the caller's
 * (`vite build --outDir ...`).
 */
export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  build: { target: 'es2022', emptyOutDir: true },
});
