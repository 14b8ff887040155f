import { apiErrorSchema, type Endpoint } from '@tours/domain';
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
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[1] ?? 'api'],
      ...(endpoint.auth === 'none' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: endpoint.response, '4xx': apiErrorSchema, '5xx': apiErrorSchema },
    },
    ...(guard ? { preHandler: guard } : {}),
    ...(options.config ? { config: options.config } : {}),
    handler: async (request, reply) => {
      const body = await handler(request as EndpointRequest<E>, reply);
      // A reply is thenable: awaiting a handler that returned it waits for the answer to finish and yields undefined.
      if (reply.sent) return reply;
      return reply.code(status).send(body);
    },
  });
}
