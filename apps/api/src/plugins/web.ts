import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { staticPagePolicy } from '../lib/content-security-policy.ts';
import { sharedPlugin } from '../lib/plugin.ts';
import { sendNotFound } from './errors.ts';

export const API_PREFIX = '/api';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Vite writes content-hashed files to assets/ ('index-B3xk9_Qa.js'); anything else may change under the same name. */
const HASHED_NAME = /[.-][\w-]{8,}\.[a-z0-9]+$/i;

/** The build writes main.js.br and main.js.gz beside main.js (apps/web/build-tools/precompress.ts); they are main.js to the browser. */
const ENCODED_SUFFIX = /\.(br|gz)$/;
/** The types the build precompresses: their answers depend on Accept-Encoding, so caches must keep one per encoding. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/i;

export function cacheControlFor(root: string, file: string): string {
  const path = relative(root, file).split(sep).join('/').replace(ENCODED_SUFFIX, '');
  return path.startsWith('assets/') && HASHED_NAME.test(path) ? IMMUTABLE : REVALIDATE;
}

/** Cache-Control by name, and Vary wherever a compressed sibling may have been chosen (or not) by the request's Accept-Encoding. */
export function setStaticHeaders(root: string, res: { setHeader(name: string, value: string): unknown }, file: string): void {
  res.setHeader('cache-control', cacheControlFor(root, file));
  if (COMPRESSIBLE.test(file.replace(ENCODED_SUFFIX, ''))) res.setHeader('vary', 'Accept-Encoding');
}

const isApiPath = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
/** '/book?tour=X' is a page of the SPA; '/logo.svg' is a missing file. */
const looksLikeFile = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0]!);

/** The page's one style element, allowed by its hash (no inline style attribute, which a strict CSP refuses). */
const NOT_BUILT_CSS = 'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;line-height:1.5}';
const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web app not built</title><style>${NOT_BUILT_CSS}</style></head>
<body>
<h1>The web app has not been built</h1>
<p>The API is running at <a href="/api/health">/api</a> (documentation at <a href="/api/docs">/api/docs</a>),
but there is no built site in <code>WEB_DIST</code>.</p>
<p>Run <code>npm start</code> from the repository root, which builds it, or <code>npm run build -w @tours/web</code> and restart the server.</p>
</body></html>`;

/**
 * Serves the built SPA at `/` on the API's origin: files from WEB_DIST, and
 * index.html for any other page path so client-side routes survive a reload.
 * Precompressed siblings (brotli, gzip) are sent to browsers that accept
 * them; content-hashed assets are cached for a year, everything else
 * (index.html above all) is revalidated on every use.
 * Unknown `/api` paths and missing files get a JSON 404 instead.
 */
export const webPlugin = sharedPlugin('web', async (app) => {
  const root = app.config.webDist;
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      // main.js.br for browsers that accept brotli, main.js.gz for gzip, main.js for the rest; with the original's Content-Type.
      preCompressed: true,
      setHeaders: (res, file) => setStaticHeaders(root, res, file),
      // The staff console's files are plugins/console.ts's to serve, with its own headers.
      allowedPath: (path) => !/^\/admin(\/|$)/.test(path),
    });
  } else {
    app.log.warn({ webDist: root }, 'web app not built: serving the API only (run `npm start` or `npm run build -w @tours/web`)');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && !looksLikeFile(request.url);
    if (!isPage) return sendNotFound(request, reply);
    if (!built) return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .header('content-security-policy', staticPagePolicy(NOT_BUILT_CSS))
        .send(NOT_BUILT_PAGE);
    return reply.sendFile('index.html');
  });
});
