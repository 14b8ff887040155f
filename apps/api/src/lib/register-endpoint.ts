import { apiErrorSchema, rolesWith, type Endpoint } from '@tours/domain';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/v4/core';

/** The contract's optional schema properties read as `Schema | undefined`; only the schema decides the type. */
type Parsed<Schema> = [NonNullable<Schema>] extends [never]
  ? undefined
  : [NonNullable<Schema>] extends [z.$ZodType]
    ? z.output<NonNullable<Schema>>
    : undefined;

/** The request as the contract's schemas parsed it: defaults applied, strings trimmed. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/**
 * Returns the response body; the contract's response schema checks and serialises it.
 * A handler that sent its answer itself (a cached read: plugins/read-cache.ts) returns the reply.
 */
export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<z.input<E['response']> | FastifyReply>;

export interface EndpointOptions {
  /** Success status, 200 unless the call creates something (201). */
  status?: number;
  /** Route settings the guards read (see FastifyContextConfig). */
  config?: FastifyContextConfig;
  /** A larger body than the API's BODY_LIMIT_BYTES, for the one call that carries a file (a tour picture upload). */
  bodyLimit?: number;
}

/**
 * Registers a route from its domain contract, so every module does it the
 * same way: method, path, input schemas, response schema, OpenAPI summary and
 * the auth guard all come from the one `defineEndpoint` description. Errors
 * answer in the shared `{ error }` shape.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  const status = options.status ?? 200;
  const guard = endpoint.auth === 'none' ? undefined : app.authGuards.get(endpoint.auth);
  if (endpoint.auth !== 'none' && !guard) {
    throw new Error(`${endpoint.method} ${endpoint.path} needs the '${endpoint.auth}' auth guard, which is not registered`);
  }
  // The staff guard reads the contract's permission from the route's config; a staff call must name one (or null: any member).
  if ((endpoint.auth === 'staff') !== (endpoint.permission !== undefined)) {
    throw new Error(`${endpoint.method} ${endpoint.path}: a permission belongs on staff calls, and every staff call declares one (null for any member)`);
  }
  const config = endpoint.auth === 'staff' ? { ...options.config, staffPermission: endpoint.permission } : options.config;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      ...(endpoint.auth === 'staff' ? { description: staffAccessDescription(endpoint.permission ?? null) } : {}),
      tags: [endpoint.path.split('/')[1] ?? 'api'],
      ...(endpoint.auth === 'none' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      // Headers the call requires (a staff write's Idempotency-Key): refused with the field's message like any input.
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      response: { [status]: endpoint.response, '4xx': apiErrorSchema, '5xx': apiErrorSchema },
    },
    ...(guard ? { preHandler: guard } : {}),
    ...(config ? { config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      const body = await handler(request as EndpointRequest<E>, reply);
      // A reply is thenable: awaiting a handler that returned it waits for the answer to finish and yields undefined.
      if (reply.sent) return reply;
      return reply.code(status).send(body);
    },
  });
}

/** What the OpenAPI document says of a staff call's access: the permission, and the roles that hold it (the domain's table). */
export function staffAccessDescription(permission: Endpoint['permission']): string {
  if (!permission) return 'Staff console: any signed-in staff member (`Authorization: Bearer <staff session token>`). Answers are never cached (`Cache-Control: no-store`).';
  return `Staff console. Permission: \`${permission}\` (roles: ${rolesWith(permission).join(', ')}). Without a staff session: 401; a member whose roles lack the permission: 403. Answers are never cached (\`Cache-Control: no-store\`).`;
}
