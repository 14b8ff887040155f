import { ENDPOINTS, STAFF_ENDPOINTS, can, type Endpoint, type EndpointName, type StaffEndpointName, type StaffBookingRow, type StaffMfaMethod, type StaffRole } from '@tours/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { NOT_YET_SERVED } from '../src/modules/not-yet-served.ts';
import { insertStaffMember, type StaffMemberRecord } from '../src/modules/staff/members.ts';
import { createStaffSession, type StaffMemberIdentity } from '../src/modules/staff/sessions.ts';
import { fingerprint } from './database-fingerprint.ts';

/**
 * Staff callers for API tests, made directly through the staff module's
 * services (no sign-in over HTTP), and the role matrix every staff endpoint
 * is held to (staff-role-matrix.test.ts). Helpers building staff endpoints:
 * sign a caller in with `staffSession(app, ['finance'])` and send its
 * `headers`; add your endpoint's valid request to STAFF_REQUEST_FIXTURES
 * (staff-request-fixtures.ts), or the role matrix fails naming it.
 */

export interface StaffCaller {
  /** The session token, as the console sends it. */
  token: string;
  member: StaffMemberIdentity;
  /** `Authorization: Bearer <token>`. */
  headers: Record<string, string>;
}

export const staffHeaders = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

let made = 0;

/** Every row of the staff bookings list the query finds, page by page, in its order (what the CSV is held to, line for line). */
export async function listedBookingRows(app: FastifyInstance, caller: StaffCaller, query: string): Promise<StaffBookingRow[]> {
  const rows: StaffBookingRow[] = [];
  for (let page = 1; ; page++) {
    const response = await app.inject({ method: 'GET', url: `/api/staff/bookings?${query}&page_size=100&page=${page}`, headers: caller.headers });
    if (response.statusCode !== 200) throw new Error(`GET /api/staff/bookings?${query}: ${response.statusCode} ${response.body}`);
    const data = response.json().data as { items: StaffBookingRow[]; total: number };
    rows.push(...data.items);
    if (rows.length >= data.total || data.items.length === 0) return rows;
  }
}

export interface StaffMemberOptions {
  email?: string;
  name?: string;
}

/** A new active staff member with these roles (a unique address unless given). */
export async function staffMember(app: FastifyInstance, roles: StaffRole[], options: StaffMemberOptions = {}): Promise<StaffMemberRecord> {
  made += 1;
  const email = options.email ?? `staff-${roles.join('-') || 'none'}-${made}-${process.pid}@staff.test`;
  return insertStaffMember(app.db, { email, name: options.name ?? `Test ${roles.join(' and ')} ${made}`, roles }, app.clock.databaseNow());
}

/** A signed-in staff member: a new member with these roles and a session of theirs (a passkey's, unless said). */
export async function staffSession(
  app: FastifyInstance,
  roles: StaffRole[],
  options: StaffMemberOptions & { mfaMethod?: StaffMfaMethod } = {},
): Promise<StaffCaller> {
  const member = await staffMember(app, roles, options);
  return sessionFor(app, member, options.mfaMethod);
}

/** Another session for an existing member. */
export async function sessionFor(app: FastifyInstance, member: StaffMemberIdentity, mfaMethod: StaffMfaMethod = 'passkey'): Promise<StaffCaller> {
  const identity = { id: member.id, email: member.email, name: member.name, roles: member.roles };
  const session = await createStaffSession(app.db, identity, mfaMethod, app.clock.databaseNow());
  return { token: session.token, member: identity, headers: staffHeaders(session.token) };
}

// ---------------------------------------------------------------------------------------------------------------------
// The role matrix

/** A request as app.inject takes it. */
export interface StaffRequest {
  method: Endpoint['method'];
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface StaffRequestContext {
  app: FastifyInstance;
  /** Who will send the request (its headers are added to the request's own). */
  caller: StaffCaller;
}

/**
 * How to make a meaningful call of one staff endpoint: a request that
 * succeeds when the caller's roles allow it (with status `ok`), built afresh
 * for every call (a new target member, a new booking...), so an allowed call
 * proves the endpoint works for that role and a refused one that a real
 * request, not a malformed one, was refused.
 */
export interface StaffRequestFixture {
  request: (context: StaffRequestContext) => Promise<StaffRequest>;
  /** The status of an allowed call (200 unless it creates something). */
  ok: number;
}

export type StaffRequestFixtures = Partial<Record<StaffEndpointName, StaffRequestFixture>>;

/** An operation of the OpenAPI document as the contract writes it: 'GET /api/staff/members/{member}' is getStaffMember. */
export interface StaffOperation {
  name: StaffEndpointName;
  endpoint: Endpoint;
  /** 'PATCH /api/staff/members/{member}' */
  operation: string;
}

/**
 * Every operation the OpenAPI document lists under /api/staff, matched to
 * its contract; one the contracts do not know is an error (a staff route
 * registered by hand, outside the registry).
 */
export function staffOperations(document: { paths?: Record<string, Record<string, unknown>> }): StaffOperation[] {
  const operations: StaffOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api/staff/')) continue;
    for (const method of Object.keys(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const contractPath = path.slice('/api'.length).replace(/\{([A-Za-z_]+)\}/g, ':$1');
      const match = (Object.entries(STAFF_ENDPOINTS) as [StaffEndpointName, Endpoint][]).find(
        ([, endpoint]) => endpoint.method === method.toUpperCase() && endpoint.path === contractPath,
      );
      if (!match) throw new Error(`${method.toUpperCase()} ${path} is served under /api/staff but is no contract of STAFF_ENDPOINTS`);
      operations.push({ name: match[0], endpoint: match[1], operation: `${method.toUpperCase()} ${path}` });
    }
  }
  return operations;
}

/** The staff session's own calls (auth 'staff') of a list of operations; the sign-in steps before a session are 'customer' calls. */
export const guarded = (operations: StaffOperation[]) => operations.filter((operation) => operation.endpoint.auth === 'staff');

/** What a member holding `role` gets from the endpoint: its success status, or 403, from the domain's one table. */
export function expectedStatus(endpoint: Endpoint, role: StaffRole, fixture: StaffRequestFixture): number {
  if (endpoint.auth !== 'staff') throw new Error(`${endpoint.method} ${endpoint.path} is not a staff-session call`);
  return endpoint.permission === null || endpoint.permission === undefined || can([role], endpoint.permission) ? fixture.ok : 403;
}

/** Sends a fixture's request as the caller, or with other headers in place of the caller's (a hostile credential). */
export function send(app: FastifyInstance, request: StaffRequest, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method,
    url: request.url,
    headers: { ...request.headers, ...headers },
    ...(request.payload === undefined ? {} : { payload: request.payload as InjectOptions['payload'] }),
  } as InjectOptions);
}

/**
 * Every table's rows, hashed (database-fingerprint.ts): what a refused call
 * must leave as it was. Two things may move on a refused call and are left
 * out: a staff session's last_seen_at (the guard starts a live session's
 * idle time again before it checks the permission), and the rate limit
 * counters (a refused attempt counts), which the fingerprint leaves out
 * unless asked.
 */
export function databaseFingerprint(app: FastifyInstance): Promise<Record<string, string>> {
  return fingerprint(app.db, { leaveOut: { staff_sessions: ['last_seen_at'] } });
}


/** Every endpoint of the registry whose path is under /staff: the role matrix checks the document lists them all. */
export const STAFF_CONTRACT_OPERATIONS = (Object.entries(ENDPOINTS) as [EndpointName, Endpoint][])
  .filter(([name, endpoint]) => endpoint.path.startsWith('/staff/') && !(name in NOT_YET_SERVED))
  .map(([, endpoint]) => endpoint)
  .map((endpoint) => `${endpoint.method} /api${endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
