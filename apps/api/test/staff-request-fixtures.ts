import { staffMemberEtag } from '@tours/domain';
import { saveChallenge } from '../src/modules/staff/challenges.ts';
import { registrationOptions, relyingParty } from '../src/modules/staff/passkeys.ts';
import { staffMember, type StaffRequestFixtures } from './staff-fixtures.ts';
import { SoftwareAuthenticator } from './webauthn-authenticator.ts';

/**
 * A valid request for every staff-session endpoint, which the role matrix
 * (staff-role-matrix.test.ts) sends with every role and every refused
 * credential. Add one here with each new staff endpoint: the matrix fails
 * for an endpoint of the OpenAPI document without one. Each builds what it
 * needs afresh (a target member, a booking...) through the owning module's
 * services or the test helpers, never by hand.
 */

let added = 0;
const REASON = 'Checked by the role matrix';

export const STAFF_REQUEST_FIXTURES: StaffRequestFixtures = {
  getStaffMe: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/me' }) },
  endStaffSession: { ok: 200, request: async () => ({ method: 'POST', url: '/api/staff/session/end', payload: {} }) },
  startOwnPasskey: { ok: 200, request: async () => ({ method: 'POST', url: '/api/staff/me/passkeys/options', payload: {} }) },
  addOwnPasskey: {
    ok: 201,
    request: async ({ app, caller }) => {
      // The options the call above would answer, made through the staff module for this caller.
      const options = await registrationOptions(app.db, caller.member, relyingParty('http://localhost', []));
      const challengeId = await saveChallenge(app.db, caller.member.id, 'registration', options.challenge, app.clock.databaseNow());
      const credential = new SoftwareAuthenticator().create(options, 'http://localhost');
      return { method: 'POST', url: '/api/staff/me/passkeys', payload: { challenge_id: challengeId, credential, name: 'Role matrix key' } };
    },
  },
  listStaffMembers: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/members' }) },
  getStaffMember: {
    ok: 200,
    request: async ({ app }) => ({ method: 'GET', url: `/api/staff/members/${(await staffMember(app, ['operations'])).id}` }),
  },
  addStaffMember: {
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/staff/members',
      payload: { email: `new-starter-${++added}-${process.pid}@staff.test`, name: 'New Starter', roles: ['finance'], reason: REASON },
    }),
  },
  updateStaffMember: {
    ok: 200,
    request: async ({ app }) => {
      const target = await staffMember(app, ['operations']);
      return {
        method: 'PATCH',
        url: `/api/staff/members/${target.id}`,
        headers: { 'if-match': staffMemberEtag(target) },
        payload: { roles: ['operations', 'finance'], reason: REASON },
      };
    },
  },
  resetStaffPasskeys: {
    ok: 200,
    request: async ({ app }) => {
      const target = await staffMember(app, ['finance']);
      return { method: 'POST', url: `/api/staff/members/${target.id}/passkeys/reset`, headers: { 'if-match': staffMemberEtag(target) }, payload: { reason: REASON } };
    },
  },
};
