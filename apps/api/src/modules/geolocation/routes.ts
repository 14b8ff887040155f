import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { GeolocationUnavailableError } from '../../adapters/geolocation/index.ts';
import { serviceFailure, unauthorized } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { locateVisitor } from './contract.ts';

/** Compares digests so the time taken says nothing about how much of the token matched. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export async function geolocationRoutes(app: FastifyInstance) {
  registerEndpoint(app, locateVisitor, async (request) => {
    const { token, ip } = request.query;
    if (!token || !sameToken(token, app.config.geolocation.token)) {
      throw unauthorized('A valid token query parameter is required.');
    }
    try {
      return await app.adapters.geolocation.locate(ip ?? request.ip);
    } catch (error) {
      if (error instanceof GeolocationUnavailableError) throw serviceFailure(error.message, 502);
      throw error;
    }
  });
}
