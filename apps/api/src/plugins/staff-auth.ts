import { can, STAFF_MESSAGES, type StaffPermission } from '@tours/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { sharedPlugin } from '../lib/plugin.ts';
import { useStaffSession, type StaffSessionView } from '../modules/staff/index.ts';
import { API_PREFIX } from './web.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission the 'staff' guard requires of the member's roles, or null
     * for any signed-in member: registerEndpoint copies it from the contract
     * (its `permission`), so no staff route is registered without one.
     */
    staffPermission?: StaffPermission | null;
  }
  interface FastifyRequest {
    /** Set by the 'staff' guard: who is signed in to the console, and their session. */
    staffSession: StaffSessionView | null;
  }
}

/** Where the console's calls live; every answer under it is the member's alone. */
export const STAFF_API_PREFIX = `${API_PREFIX}/staff`;

/**
 * One refusal for every credential that is not a live staff session (none,
 * malformed, ended, a deactivated member's, a customer's access token, a
 * booking token, an agent's verification): byte for byte the same, so the
 * answer tells a guesser nothing about what they held.
 */
export function staffSignInRequired(reply: FastifyReply): HttpError {
  reply.header('www-authenticate', 'Bearer');
  return new HttpError(401, 'UNAUTHORIZED', STAFF_MESSAGES.signInRequired);
}

const staffBearer = (header: string | undefined): string | null => /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null;

const isStaffPath = (url: string) => url === STAFF_API_PREFIX || url.startsWith(`${STAFF_API_PREFIX}/`) || url.startsWith(`${STAFF_API_PREFIX}?`);

/**
 * The 'staff' auth guard (docs/decisions/0018-staff-console.md):
 * `Authorization: Bearer <staff session token>`, looked up in the database
 * (and its idle time started again) on every call; then the route's
 * permission, from the domain's one table, against the member's roles, which
 * are read from the database with the session, never from the request.
 * Every answer under /api/staff is `Cache-Control: no-store`, refusals and
 * unknown paths included; none of them is ever served from the read cache
 * (answerCached refuses staff endpoints).
 */
export const staffAuthPlugin = sharedPlugin('staff-auth', async (app) => {
  app.decorateRequest('staffSession', null);

  app.authGuards.set('staff', async (request, reply) => {
    const permission = request.routeOptions.config.staffPermission;
    if (permission === undefined) throw new Error(`${request.method} ${request.url}: a staff route without a permission (registerEndpoint sets it from the contract)`);
    const token = staffBearer(request.headers.authorization);
    const session = token === null ? null : await useStaffSession(app.db, token, app.clock.databaseNow());
    if (!session) throw staffSignInRequired(reply);
    request.staffSession = session;
    if (permission !== null && !can(session.member.roles, permission)) throw new HttpError(403, 'FORBIDDEN', STAFF_MESSAGES.forbidden);
  });

  // A callback hook: no promise per answer on the hot path.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isStaffPath(request.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});

/** The guard ran before any handler that calls this; a missing session is a wiring mistake, not the caller's. */
export function staffSessionOf(request: FastifyRequest): StaffSessionView {
  if (!request.staffSession) throw new Error(`${request.method} ${request.url} reached its handler without a staff session`);
  return request.staffSession;
}
