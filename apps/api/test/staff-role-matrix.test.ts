import { STAFF_MESSAGES, STAFF_ROLES, rolesWith, type StaffRole } from '@tours/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { departures, tours } from '../src/db/schema/index.ts';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffMembers, staffSessions } from '../src/modules/staff/schema.ts';
import { hashStaffToken } from '../src/modules/staff/sessions.ts';
import { JANE, verified } from './agents-fixtures.ts';
import { createBooking } from './booking-fixtures.ts';
import { bearerHeader, OIDC_TEST_ENV, signingKey, testKeySource, tokenFor } from './customer-tokens.ts';
import { build, testClock } from './helper.ts';
import { plentyOfSingleRooms } from './payment-fixtures.ts';
import {
  databaseFingerprint,
  expectedStatus,
  guarded,
  send,
  sessionFor,
  STAFF_CONTRACT_OPERATIONS,
  staffMember,
  staffOperations,
  staffSession,
  type StaffCaller,
  type StaffOperation,
  type StaffRequest,
} from './staff-fixtures.ts';
import { STAFF_REQUEST_FIXTURES } from './staff-request-fixtures.ts';

/**
 * Issue 26: every staff endpoint the OpenAPI document lists, called with
 * every role and with every credential that is not a live staff session.
 * Each role gets the endpoint's success (its fixture's valid request) or the
 * one 403, as the domain's permission table says; every other credential the
 * one 401, byte for byte; a refused call changes nothing in the database;
 * every answer is no-store. An endpoint added later is covered by itself:
 * its contract declares its permission, and staff-request-fixtures.ts must
 * give it a valid request, or this file fails naming it.
 */

interface Refused {
  name: string;
  headers: Record<string, string>;
}

describe('the staff role matrix', () => {
  const published = testKeySource();
  // Moved 15 days ahead once the app is built on the seeded data, so a departure 45 days out is under five weeks away: the Optional bookings' decisions have bookings to decide.
  const clock = testClock();
  const server = build({ clock, env: { ...OIDC_TEST_ENV, HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' }, customerTokenKeys: published.source });
  const app = () => server.app;
  let operations: StaffOperation[];
  let refused: Refused[];

  beforeAll(async () => {
    const key = await signingKey();
    published.publish(key);
    clock.advance(15 * 24 * 3600);
    operations = staffOperations(app().swagger() as never);
    await plentyOfSingleRooms(app());
    // Every endpoint's valid request books its own Sicily booking where it changes one: more than the departure's places.
    await app().db.update(departures).set({ capacity: 500 }).where(inArray(departures.tourId, app().db.select({ id: tours.id }).from(tours).where(eq(tours.code, 'TSG-SIC'))));

    const admin = await staffMember(app(), ['admin']);
    const signedOut = await sessionFor(app(), admin);
    await send(app(), { method: 'POST', url: '/api/staff/session/end', payload: {} }, signedOut.headers);
    const idle = await sessionFor(app(), admin);
    await app().db.update(staffSessions).set({ lastSeenAt: sql`${staffSessions.lastSeenAt} - interval '31 minutes'` }).where(eq(staffSessions.tokenHash, hashStaffToken(idle.token)));
    const pastItsEnd = await sessionFor(app(), admin);
    await app().db.update(staffSessions).set({ expiresAt: sql`${staffSessions.createdAt} - interval '1 second'` }).where(eq(staffSessions.tokenHash, hashStaffToken(pastItsEnd.token)));
    const leaver = await staffSession(app(), ['admin']);
    await app().db.update(staffMembers).set({ active: false }).where(eq(staffMembers.id, leaver.member.id));
    const booking = await createBooking(app(), { code: 'MHW-VIE', startsInDays: 90 });
    const agent = await verified(app(), JANE);

    refused = [
      { name: 'no credential', headers: {} },
      { name: 'a malformed bearer', headers: { authorization: 'Bearer stf_not-a-token' } },
      { name: 'a Basic credential', headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } },
      // The identity provider vouching for an administrator's address is not a staff session: the second factor and the session are.
      { name: "a customer's access token for an administrator's address", headers: bearerHeader(await tokenFor(key, admin.email)) },
      { name: 'a booking token', headers: booking.headers },
      { name: "an agent's verification token", headers: bearerHeader(agent.verification.token) },
      { name: 'a signed-out session', headers: signedOut.headers },
      { name: 'a session idle for 31 minutes', headers: idle.headers },
      { name: 'a session past its 12 hours', headers: pastItsEnd.headers },
      { name: "a deactivated member's session", headers: leaver.headers },
    ];
  }, 60_000);

  it('documents every staff contract under the staff tag, with its permission and roles', () => {
    const document = app().swagger() as { paths: Record<string, Record<string, { tags?: string[]; description?: string; security?: unknown[] }>> };
    const listed = operations.map((operation) => operation.operation).sort();
    expect(listed).toEqual([...STAFF_CONTRACT_OPERATIONS].sort());
    for (const { operation, endpoint } of guarded(operations)) {
      const [method, path] = operation.split(' ') as [string, string];
      const documented = document.paths[path]![method.toLowerCase()]!;
      expect(documented.tags, operation).toEqual(['staff']);
      expect(documented.security, operation).toEqual([{ bearerAuth: [] }]);
      if (endpoint.permission) expect(documented.description, operation).toContain(`\`${endpoint.permission}\` (roles: ${rolesWith(endpoint.permission).join(', ')})`);
      else expect(documented.description, operation).toContain('any signed-in staff member');
    }
  });

  it('leaves only the sign-in steps, which come before a session, without the staff guard', () => {
    const unguarded = operations.filter((operation) => operation.endpoint.auth !== 'staff').map((operation) => operation.name);
    for (const name of unguarded) expect(['startStaffSession', 'registerStaffPasskey', 'assertStaffPasskey', 'useStaffRecoveryCode'], name).toContain(name);
  });

  it('has a valid request for every staff endpoint, so each is called meaningfully', () => {
    const missing = guarded(operations).filter((operation) => !STAFF_REQUEST_FIXTURES[operation.name]).map((operation) => `${operation.name} (${operation.operation})`);
    expect(missing, 'add them to staff-request-fixtures.ts').toEqual([]);
  });

  it('answers each role as the permission table says, every other credential with the one 401, and changes nothing it refuses', async () => {
    const problems: string[] = [];
    let unauthorizedAnswer: { body: string; authenticate: unknown } | null = null;
    const check = (what: string, response: LightMyRequestResponse, status: number) => {
      if (response.statusCode !== status) problems.push(`${what}: ${response.statusCode} (expected ${status}) ${response.body.slice(0, 200)}`);
      if (response.headers['cache-control'] !== 'no-store') problems.push(`${what}: Cache-Control ${String(response.headers['cache-control'])}`);
    };

    // The refused calls first, each sent on its own, every endpoint's prepared before any is sent; then the database is
    // compared around all of them at once (a fingerprint hashes every table: once per endpoint, it was most of this
    // test's time). A refused call changes nothing, which that comparison proves, so one member per role makes every
    // refused call of that role, and an endpoint's one request goes with each credential that is not a session:
    // preparing a request (a booking of its own, for many) for each of 800-odd calls was half of this test's time.
    const calls: { what: string; request: StaffRequest; headers: Record<string, string>; status: number }[] = [];
    const refusedRole = new Map<StaffRole, StaffCaller>();
    for (const role of STAFF_ROLES) refusedRole.set(role, await staffSession(app(), [role]));
    const anyone = await staffSession(app(), ['admin', 'operations', 'finance', 'catalogue']);
    for (const { name, endpoint, operation } of guarded(operations)) {
      const fixture = STAFF_REQUEST_FIXTURES[name];
      if (!fixture) continue;
      for (const role of STAFF_ROLES) {
        const status = expectedStatus(endpoint, role, fixture);
        if (status !== 403) continue;
        const caller = refusedRole.get(role)!;
        calls.push({ what: `${operation} as ${role}`, request: await fixture.request({ app: app(), caller }), headers: caller.headers, status });
      }
      const request = await fixture.request({ app: app(), caller: anyone });
      for (const credential of refused) calls.push({ what: `${operation} with ${credential.name}`, request, headers: credential.headers, status: 401 });
    }
    const before = await databaseFingerprint(app());
    for (const call of calls) {
      const response = await send(app(), call.request, call.headers);
      check(call.what, response, call.status);
      if (call.status === 403 && response.json().error?.message !== STAFF_MESSAGES.forbidden) problems.push(`${call.what}: not the one 403: ${response.body}`);
      if (call.status === 401) {
        const answer = { body: response.body, authenticate: response.headers['www-authenticate'] };
        unauthorizedAnswer ??= answer;
        if (JSON.stringify(answer) !== JSON.stringify(unauthorizedAnswer)) problems.push(`${call.what}: a 401 unlike the others: ${response.body}`);
      }
    }
    const after = await databaseFingerprint(app());
    for (const table of Object.keys(before)) if (before[table] !== after[table]) problems.push(`refused calls changed ${table}`);

    // Each role the table allows: the valid request succeeds, as a fresh member with only that role.
    for (const { name, endpoint, operation } of guarded(operations)) {
      const fixture = STAFF_REQUEST_FIXTURES[name];
      if (!fixture) continue;
      for (const role of STAFF_ROLES as readonly StaffRole[]) {
        const status = expectedStatus(endpoint, role, fixture);
        if (status === 403) continue;
        const caller = await staffSession(app(), [role]);
        const response = await send(app(), await fixture.request({ app: app(), caller }), caller.headers);
        check(`${operation} as ${role}`, response, status);
      }
    }
    expect(unauthorizedAnswer).not.toBeNull();
    expect(JSON.parse(unauthorizedAnswer!.body)).toEqual({ error: { code: 'UNAUTHORIZED', message: STAFF_MESSAGES.signInRequired } });
    expect(problems).toEqual([]);
  }, 300_000);
});
