import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { consolePolicy, staticPagePolicy, thirdPartyOrigins } from '../lib/content-security-policy.ts';
import { sharedPlugin } from '../lib/plugin.ts';
import { sendNotFound } from './errors.ts';
import { setStaticHeaders } from './web.ts';

/** Where the staff console is served (its router's basename). */
export const CONSOLE_PREFIX = '/admin';
/** Search engines keep out of the console, whatever links to it. */
export const CONSOLE_ROBOTS = 'noindex, nofollow';

const NOT_BUILT_CSS = 'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;line-height:1.5}';
const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Staff console not built</title><style>${NOT_BUILT_CSS}</style></head>
<body><h1>The staff console has not been built</h1>
<p>Run <code>npm start</code> from the repository root, which builds it, or <code>npm run build -w @tours/web</code> and restart the server.</p>
</body></html>`;

/**
 * The staff console (docs/decisions/0018-staff-console.md), served from
 * WEB_DIST/admin: its hashed files at /admin/assets/*, and its index.html
 * for /admin and every other page under it (its client-side routes), with
 * the console's own strict CSP, noindex and no-store: a page that holds a
 * staff session is never kept by a browser or a proxy. Registered before
 * the site's own files, whose catch-all would otherwise answer /admin.
 */
export const consolePlugin = sharedPlugin('console', async (app) => {
  const root = join(app.config.webDist, 'admin');
  const index = join(root, 'index.html');
  const policy = consolePolicy(thirdPartyOrigins(app.config));

  if (existsSync(join(root, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(root, 'assets'),
      prefix: `${CONSOLE_PREFIX}/assets/`,
      decorateReply: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        setStaticHeaders(root, res, file);
        res.setHeader('x-robots-tag', CONSOLE_ROBOTS);
      },
    });
  }

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    // A missing file is a 404, not the console's page: only page paths get index.html.
    if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0]!)) return sendNotFound(request, reply);
    reply.header('x-robots-tag', CONSOLE_ROBOTS).header('cache-control', 'no-store');
    const html = await readFile(index, 'utf8').catch(() => null);
    if (html === null) return reply.code(503).type('text/html; charset=utf-8').header('content-security-policy', staticPagePolicy(NOT_BUILT_CSS)).send(NOT_BUILT_PAGE);
    return reply.type('text/html; charset=utf-8').header('content-security-policy', policy).send(html);
  };
  for (const url of [CONSOLE_PREFIX, `${CONSOLE_PREFIX}/`, `${CONSOLE_PREFIX}/*`]) {
    app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: page });
  }
});
