import { OPERATOR } from '@tours/domain';
import { staticPagePolicy } from '../../lib/content-security-policy.ts';
import { escapeHtml } from '../../lib/html.ts';

/**
 * What a person sees when a download link they opened in a browser tab is
 * refused (expired after its 5 minutes, or not valid): a page in the site's
 * colours that says so in plain words and leads back to the booking's
 * Documents tab, where 'Download' gets a fresh link. Never the JSON body an
 * API client gets. It is the same page whatever the reason, as the JSON
 * refusal is, so it tells nothing about what exists.
 */

const { primary, accent, surface } = OPERATOR.colours;

/** The page's one style element, allowed by its hash in the page's policy. */
const CSS = [
  '*{box-sizing:border-box}',
  `html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1a1a;background:${surface}}`,
  'body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center}',
  `header{width:100%;background:${primary};color:#fff;padding:.75rem 1.25rem}`,
  'header p{margin:0;font-weight:700;font-size:1.125rem}',
  `main{width:100%;max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-top:4px solid ${accent};border-radius:6px;box-shadow:0 1px 4px rgba(0,0,0,.12)}`,
  '@media (max-width:480px){main{margin:0;border-radius:0;box-shadow:none}}',
  `h1{font-size:1.5rem;margin:0 0 .75rem;color:${primary}}`,
  'p{margin:0 0 1rem}',
  `a.button{display:inline-block;background:${primary};color:#fff;font-weight:700;border-radius:4px;padding:.625rem 1.25rem;text-decoration:none}`,
  `a{color:${primary}}`,
  `a:focus{outline:3px solid ${accent};outline-offset:2px}`,
].join('');

export const LINK_REFUSED_HEADING = 'This document link has expired';

/** The account's Documents tab of the booking (the web's /account/booking/{id}?tab=2). */
export const bookingDocumentsPath = (bookingId: number): string => `/account/booking/${bookingId}?tab=2`;

export function linkRefusedPage(bookingId: number): string {
  const back = escapeHtml(bookingDocumentsPath(bookingId));
  const company = escapeHtml(OPERATOR.companyName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${LINK_REFUSED_HEADING} - ${company}</title>
<style>${CSS}</style>
</head>
<body>
<header><p>${company}</p></header>
<main aria-labelledby="page-title">
<h1 id="page-title">${LINK_REFUSED_HEADING}</h1>
<p>To keep your documents private, each download link works for a few minutes only, and this one no longer does.</p>
<p>Go back to your booking's documents and choose Download again: you will get a new link straight away.</p>
<p><a class="button" href="${back}">Back to your booking's documents</a></p>
</main>
</body>
</html>`;
}

/** Its Content-Security-Policy: the one style element, nothing that runs or loads. */
export const LINK_REFUSED_POLICY = staticPagePolicy(CSS);

/**
 * A browser opening the link asks for a page (Accept: text/html first); an
 * API client asks for JSON or anything. HTML only when it is preferred to JSON.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranked = accept
    .split(',')
    .map((part, order) => {
      const [type = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q));
  const rank = (type: string) => ranked.find((entry) => entry.type === type);
  const html = rank('text/html');
  if (!html) return false;
  const json = rank('application/json');
  return !json || html.q > json.q || (html.q === json.q && html.order < json.order);
}
