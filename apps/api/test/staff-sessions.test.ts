import { STAFF_MESSAGES } from '@tours/domain';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { deleteEndedSessions } from '../src/modules/staff/sessions.ts';
import { build, testClock } from './helper.ts';
import { sessionFor, staffMember, staffSession } from './staff-fixtures.ts';

/** Staff sessions: the 'staff' guard, GET /staff/me, idle and absolute expiry by the database's clock, sign-out. */
describe('staff sessions', () => {
  const clock = testClock();
  const server = build({ clock });
  const app = () => server.app;
  const me = (headers: Record<string, string>) => app().inject({ method: 'GET', url: '/api/staff/me', headers });

  it('GET /staff/me answers the member, their permissions from the domain table and the session, never cached', async () => {
    const caller = await staffSession(app(), ['finance', 'catalogue'], { name: 'Felix Test' });
    const response = await me(caller.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json();
    expect(data.member).toEqual({ id: caller.member.id, email: caller.member.email, name: 'Felix Test', roles: ['finance', 'catalogue'] });
    expect(new Set(data.permissions)).toEqual(new Set(['bookings.read', 'unconfirmed.refund', 'payments.record', 'refunds.create', 'bookings.cancel', 'flags.resolve', 'catalogue.edit', 'departures.read']));
    expect(data.session.mfa_method).toBe('passkey');
    const expires = Date.parse(data.session.expires_at);
    const idle = Date.parse(data.session.idle_expires_at);
    expect(idle).toBeLessThan(expires);
    expect(expires - idle).toBeGreaterThan(11 * 3600_000);
  });

  it('answers even an unknown path under /api/staff with no-store', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/staff/no-such-call' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ends a session after 30 minutes without a call, judged by the database clock; each call starts the 30 minutes again', async () => {
    const caller = await staffSession(app(), ['operations']);
    clock.advance(29 * 60);
    expect((await me(caller.headers)).statusCode).toBe(200);
    clock.advance(29 * 60);
    expect((await me(caller.headers)).statusCode).toBe(200);
    clock.advance(31 * 60);
    const ended = await me(caller.headers);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error).toEqual({ code: 'UNAUTHORIZED', message: STAFF_MESSAGES.signInRequired });
    expect(ended.headers['www-authenticate']).toBe('Bearer');
  });

  it('ends a session 12 hours after the sign-in, however busy the member is', async () => {
    const caller = await staffSession(app(), ['operations']);
    for (let minutes = 0; minutes < 12 * 60 - 25; minutes += 25) {
      clock.advance(25 * 60);
      expect((await me(caller.headers)).statusCode, `after ${minutes + 25} minutes`).toBe(200);
    }
    clock.advance(30 * 60);
    expect((await me(caller.headers)).statusCode).toBe(401);
  }, 60_000);

  it('signs out: the token opens nothing afterwards, the sign-out is audited, other sessions of the member go on', async () => {
    const member = await staffMember(app(), ['admin']);
    const first = await sessionFor(app(), member);
    const second = await sessionFor(app(), member);
    const out = await app().inject({ method: 'POST', url: '/api/staff/session/end', headers: first.headers, payload: {} });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ data: { signed_out: true } });
    expect((await me(first.headers)).statusCode).toBe(401);
    expect((await me(second.headers)).statusCode).toBe(200);
    const [entry] = await app().db.select().from(auditLog).where(eq(auditLog.action, 'staff.signed-out'));
    expect(entry).toMatchObject({ actor: `staff:${member.id}`, staffMemberId: member.id, entityType: 'staff_member', entityId: String(member.id) });
  });

  it('deletes ended sessions in the background without touching live ones', async () => {
    const live = await staffSession(app(), ['finance']);
    clock.advance(31 * 60);
    const fresh = await sessionFor(app(), live.member);
    expect(await deleteEndedSessions(app().db, app().clock.databaseNow())).toBeGreaterThan(0);
    expect((await me(fresh.headers)).statusCode).toBe(200);
  });
});
