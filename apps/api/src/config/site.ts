import { resolve } from 'node:path';
import { z } from 'zod';
import { packagePath } from '../files.ts';
import { parseOrigin } from '../lib/origin.ts';
import { defineSlice, setting } from './setting.ts';

/** 'https://tours.example, https://www.tours.example': origins separated by commas or spaces. */
const originListSchema = z.string().transform((value, ctx) => {
  const origins: string[] = [];
  for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
    const origin = parseOrigin(entry);
    if (origin === null) ctx.addIssue({ code: 'custom', message: `'${entry}' is not an origin: use scheme, host and port only, such as https://tours.example` });
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
});

export const site = defineSlice({
  title: 'Site',
  summary: 'The address the site is served at (docs/decisions/0008-site-origin.md) and the built web app served there.',
  settings: {
    publicUrl: setting(
      'PUBLIC_URL',
      z
        .url({ protocol: /^https?$/ })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
      "The site's address. Unset, the site follows each request's origin (Host, or a trusted proxy's `X-Forwarded-Host`/`-Proto`; `src/lib/site-origin.ts`): the card form's allowed origin, the sandbox's script, the OpenAPI server and e-mail links are the visitor's. Set (production), the site is served at its origin and `ALLOWED_ORIGINS` only, a token asked for from another origin answers 403, and e-mails link to it. Unset in production logs a warning (docs/decisions/0008)",
    ),
    allowedOrigins: setting(
      'ALLOWED_ORIGINS',
      originListSchema.optional(),
      "More origins the site is served at besides `PUBLIC_URL`'s, comma- or space-separated (`https://www.tours.example`); origins only (scheme, host, port). A request from any other gets a 403",
    ),
    webDist: setting(
      'WEB_DIST',
      z
        .string()
        .min(1)
        .transform((path) => resolve(path))
        .prefault(packagePath('../web/dist')),
      'Built SPA to serve at `/`, relative to the working directory; when it has no index.html, pages answer 503 with how to build it',
      { shownDefault: '`apps/web/dist`' },
    ),
  },
  derive: ({ publicUrl, allowedOrigins, webDist }) => ({
    publicUrl,
    // PUBLIC_URL's origin, then ALLOWED_ORIGINS, each once: the whole list of where the site is served.
    allowedOrigins: [...new Set([...(publicUrl ? [new URL(publicUrl).origin] : []), ...(allowedOrigins ?? [])])],
    webDist,
  }),
});
