import type { Endpoint } from '@tours/domain';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { sharedPlugin } from '../lib/plugin.ts';

export type AuthRequirement = Endpoint['auth'];
/** Rejects the request (by throwing an HttpError) unless it carries what the endpoint requires. */
export type AuthGuard = preHandlerAsyncHookHandler;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The check behind each contract's `auth` value. 'none' needs none; the
     * booking-token and sign-in capabilities register the others, and an
     * endpoint whose guard is missing refuses to register rather than run open.
     */
    authGuards: Map<Exclude<AuthRequirement, 'none'>, AuthGuard>;
  }
}

export const authPlugin = sharedPlugin('auth', async (app) => {
  app.decorate('authGuards', new Map());
});
