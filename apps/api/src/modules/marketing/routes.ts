import { listMarketingSources } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { marketingSources, marketingSubsources } from './schema.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';

export async function marketingRoutes(app: FastifyInstance) {
  registerEndpoint(app, listMarketingSources, async () => {
    const [sources, subsources] = await Promise.all([
      app.db.select().from(marketingSources).where(eq(marketingSources.active, true)).orderBy(asc(marketingSources.position)),
      app.db.select().from(marketingSubsources).where(eq(marketingSubsources.active, true)).orderBy(asc(marketingSubsources.position)),
    ]);
    return {
      data: {
        items: sources.map((source) => ({
          id: source.id,
          name: source.name,
          subsources: subsources.filter((sub) => sub.sourceId === source.id).map(({ id, name }) => ({ id, name })),
        })),
      },
    };
  });
}
