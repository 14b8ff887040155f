import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { OPERATOR } from '@tours/domain';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { sharedPlugin } from '../lib/plugin.ts';
import { canonicalSiteUrl, siteOriginOrNull } from '../lib/site-origin.ts';

export const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the domain contracts each route is registered with; UI at /api/docs. */
export const swaggerPlugin = sharedPlugin('swagger', async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${OPERATOR.companyName} booking API`,
        description: 'The reservations system behind the booking site: tours, inventory, bookings, payments and documents.',
        version: '1.0.0',
      },
      // Set per request below; this is what app.swagger() says outside a request.
      servers: [{ url: canonicalSiteUrl(app.config) ?? app.config.internalUrl }],
      components: {
        securitySchemes: {
          // The booking token POST /bookings answers, or later a customer's access token.
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <token>' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [DOCS_PREFIX, `${DOCS_PREFIX}/*`] }),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The document names the site as the reader reached it, so 'Try it out' calls the same origin (the site's own address for an unlisted one).
    transformSpecificationClone: false,
    transformSpecification: (document, request) => ({
      ...document,
      servers: [{ url: siteOriginOrNull(request) ?? canonicalSiteUrl(app.config) ?? app.config.internalUrl }],
    }),
  });
});
