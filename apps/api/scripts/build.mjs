#!/usr/bin/env node
// The API's production build (`npm run build -w @tours/api`): src/server.ts and
// everything it imports, the domain package's TypeScript included, bundled by
// esbuild into apps/api/dist as JavaScript that plain `node` runs (Node 20
// cannot run TypeScript; tsx is for development and tests only). Packages from
// node_modules stay imports, installed beside it in production (`npm ci
// --omit=dev -w @tours/api`). Lazy imports (the e-mail and PDF renderers, the
// test faults) stay lazy: each is a chunk loaded when first asked for.
//
// Every output file sits directly in dist/, as src/files.ts sits directly in
// src/, so the paths the server takes from it (migrations, fonts, tour
// pictures, the web app's build) hold from the build as from the sources; the
// files that ship beside the code (the sandbox card provider's browser
// scripts) are copied to the same place under dist/.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const api = dirname(dirname(fileURLToPath(import.meta.url)));
const src = join(api, 'src');
export const API_DIST = join(api, 'dist');

/** Package imports stay imports, except this repository's own workspaces (`@tours/…`), whose TypeScript is bundled. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@tours/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Files under src/ that are not code: copied as they are (READMEs stay behind). */
function filesBesideCode(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesBesideCode(path);
    return /\.(tsx?|md)$/.test(entry.name) ? [] : [path];
  });
}

export async function buildApi() {
  // Built beside dist/ and swapped in at the end, so a server or a test starting meanwhile meets the old build
  // whole or the new one, not a half-written folder. At the same depth as dist/, so the source maps' paths hold.
  const staging = `${API_DIST}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const result = await build({
    entryPoints: [join(src, 'server.ts')],
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    tsconfig: join(api, 'tsconfig.json'),
    // Stack traces name the sources when node runs with --enable-source-maps (npm start, the image).
    sourcemap: true,
    chunkNames: '[name]-[hash]',
    plugins: [packagesStayExternal],
    metafile: true,
    logLevel: 'warning',
  });
  const misplaced = Object.keys(result.metafile.outputs).filter((file) => dirname(resolve(file)) !== staging);
  if (misplaced.length > 0) throw new Error(`Every output must sit directly in ${API_DIST} (src/files.ts resolves from there): ${misplaced.join(', ')}`);
  for (const file of filesBesideCode(src)) {
    const target = join(staging, relative(src, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }
  rmSync(API_DIST, { recursive: true, force: true });
  renameSync(staging, API_DIST);
  return Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js')).length;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const files = await buildApi();
  console.log(`built the API into ${relative(process.cwd(), API_DIST) || '.'}: ${files} JavaScript files in ${Date.now() - started} ms`);
}
