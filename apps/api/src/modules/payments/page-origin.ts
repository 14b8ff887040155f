import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/http-error.ts';
import { siteOriginOf } from '../../lib/site-origin.ts';

/**
 * The site's origin for this request, checked against the page's own when
 * the browser names it (Origin, sent with every POST): a form bound to an
 * origin other than the page's would never load, so the mismatch (a proxy
 * whose headers are not trusted, say) is answered with what to fix instead.
 * Both card forms (the booking flow's and the account's) are opened for it.
 */
export function pageOriginOf(request: FastifyRequest): string {
  const origin = siteOriginOf(request);
  const page = request.headers.origin;
  if (page !== undefined && page !== 'null' && page !== origin) {
    request.log.warn({ page, siteOrigin: origin }, 'card form asked for by a page on another origin than the request names; behind a proxy, set TRUST_PROXY');
    throw forbidden(`The card form cannot be shown on ${page}: this request reached the site as ${origin}. Please open the site at ${origin} and try again.`);
  }
  return origin;
}
