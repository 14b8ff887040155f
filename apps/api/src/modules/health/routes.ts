import { health } from '@tours/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { serviceFailure } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';

/** Load balancers and the e2e runner wait on this: 200 only when the database answers. */
export async function healthRoutes(app: FastifyInstance) {
  registerEndpoint(app, health, async (request) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      throw serviceFailure('The database is not answering.');
    }
    return { status: 'ok', database: 'up' } as const;
  });
}
