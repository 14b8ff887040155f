import { defineEndpoint, geolocationResponseSchema } from '@tours/domain';
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The IP-geolocation service the browser calls directly, with its token in
 * the query string (spec section 7), answering `{ ip, country }` like the
 * public services do (no `data` envelope). Kept here until the domain package
 * carries it; the response schema is the domain's.
 */
export const locateVisitor = defineEndpoint({
  method: 'GET',
  path: '/sandbox/geolocation',
  query: z.object({
    // Optional in the schema so a missing token is a 401, not a 400.
    token: z.string().optional(),
    /** Overrides the client address, to try another region. */
    ip: z
      .string()
      .trim()
      .refine((value) => isIP(value) !== 0, 'Use an IPv4 or IPv6 address')
      .optional(),
  }),
  response: geolocationResponseSchema,
  auth: 'none',
  summary: 'Country of the caller’s IP address (sandbox IP geolocation)',
});
