import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as shared with its parent, as fastify-plugin does: its
 * decorators and hooks reach every route instead of staying encapsulated.
 * Used for cross-cutting plugins only; modules stay encapsulated.
 */
export function sharedPlugin<Options extends object>(
  name: string,
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  const shared = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  shared[Symbol.for('skip-override')] = true;
  shared[Symbol.for('fastify.display-name')] = name;
  return shared;
}
