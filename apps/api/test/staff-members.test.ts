import { STAFF_MEMBER_MESSAGES, STAFF_MESSAGES, STAFF_REASON_MESSAGES, staffMemberEtag, VALIDATION } from '@tours/domain';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { MissingStaffReason, recordStaffChange } from '../src/modules/audit/index.ts';
import { staffMembers } from '../src/modules/staff/schema.ts';
import { DEMO_STAFF } from '../src/db/seed/data/staff.ts';
import { build, expectApiError } from './helper.ts';
import { staffMember, staffSession, type StaffCaller } from './staff-fixtures.ts';

/** Administrators managing staff members: every change audited with who, why, before and after; If-Match against lost updates. */
describe('staff members', () => {
  const server = build();
  const app = () => server.app;
  const REASON = 'Joined the finance team';

  const add = (caller: StaffCaller, payload: object) => app().inject({ method: 'POST', url: '/api/staff/members', headers: caller.headers, payload });
  const read = (caller: StaffCaller, id: number) => app().inject({ method: 'GET', url: `/api/staff/members/${id}`, headers: caller.headers });
  const change = (caller: StaffCaller, id: number, payload: object, ifMatch?: string) =>
    app().inject({ method: 'PATCH', url: `/api/staff/members/${id}`, headers: { ...caller.headers, ...(ifMatch ? { 'if-match': ifMatch } : {}) }, payload });
  const lastAudit = async (entityId: number) =>
    (await app().db.select().from(auditLog).where(and(eq(auditLog.entityType, 'staff_member'), eq(auditLog.entityId, String(entityId)))).orderBy(desc(auditLog.id)).limit(1))[0]!;

  it('seeds the demo staff, one per role', async () => {
    const rows = await app().db.select({ email: staffMembers.email, name: staffMembers.name, roles: staffMembers.roles, active: staffMembers.active }).from(staffMembers);
    for (const member of DEMO_STAFF) expect(rows).toContainEqual({ ...member, active: true });
  });

  it('adds a member with the reason, answers it with its ETag, and audits who, why and what', async () => {
    const admin = await staffSession(app(), ['admin']);
    const response = await add(admin, { email: '  New.Starter@Meridian-Tours.example ', name: 'New Starter', roles: ['finance'], reason: `  ${REASON} ` });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ email: 'new.starter@meridian-tours.example', name: 'New Starter', roles: ['finance'], active: true, passkeys: 0, recovery_codes_left: 0, version: 1 });
    expect(response.headers.etag).toBe(staffMemberEtag(data));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await lastAudit(data.id)).toMatchObject({
      actor: `staff:${admin.member.id}`,
      staffMemberId: admin.member.id,
      action: 'staff.member-added',
      reason: REASON,
      before: null,
      after: { email: 'new.starter@meridian-tours.example', name: 'New Starter', roles: ['finance'], active: true },
    });

    const again = await add(admin, { email: 'NEW.STARTER@meridian-tours.example', name: 'Twice', roles: ['finance'], reason: REASON });
    expectApiError(again, 409, 'CONFLICT');
    expect(again.json().error.message).toBe(STAFF_MESSAGES.emailTaken);
  });

  it('refuses bad input with the field at fault, and a change without a reason', async () => {
    const admin = await staffSession(app(), ['admin']);
    const bad = await add(admin, { email: 'not-an-address', name: ' ', roles: [], reason: 'ok' });
    expectApiError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.fields).toEqual({
      email: VALIDATION.emailUndeliverable,
      name: STAFF_MEMBER_MESSAGES.nameRequired,
      roles: STAFF_MEMBER_MESSAGES.rolesRequired,
      reason: STAFF_REASON_MESSAGES.tooShort,
    });
    const noReason = await add(admin, { email: 'someone@staff.test', name: 'Someone', roles: ['admin'] });
    expect(noReason.json().error.fields).toEqual({ reason: STAFF_REASON_MESSAGES.required });
    const unknownRole = await add(admin, { email: 'someone@staff.test', name: 'Someone', roles: ['owner'], reason: REASON });
    expectApiError(unknownRole, 400, 'VALIDATION_FAILED');
    await expect(
      recordStaffChange(app().db, { staffMemberId: admin.member.id, reason: '  ', action: 'x', entityType: 'staff_member', entityId: 1, before: null, after: null }),
    ).rejects.toBeInstanceOf(MissingStaffReason);
  });

  it('changes roles with If-Match: 428 without it, 412 when someone changed the member since, audited before and after', async () => {
    const admin = await staffSession(app(), ['admin']);
    const other = await staffSession(app(), ['admin']);
    const target = await staffMember(app(), ['operations']);
    const tag = staffMemberEtag(target);

    expectApiError(await change(admin, target.id, { roles: ['finance'], reason: REASON }), 428, 'PRECONDITION_REQUIRED');
    expectApiError(await change(admin, target.id, { roles: ['finance'], reason: REASON }, '*'), 428, 'PRECONDITION_REQUIRED');

    const first = await change(admin, target.id, { roles: ['operations', 'finance'], reason: REASON }, tag);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ roles: ['operations', 'finance'], version: 2 });
    expect(first.headers.etag).toBe(staffMemberEtag({ id: target.id, version: 2 }));

    // The second administrator saves over what they read before the first one's change.
    const stale = await change(other, target.id, { name: 'Someone Else', reason: 'Fixing the name' }, tag);
    expectApiError(stale, 412, 'PRECONDITION_FAILED');
    expect(stale.json().error.message).toBe(STAFF_MESSAGES.staleMember);
    expect((await read(other, target.id)).json().data).toMatchObject({ name: target.name, roles: ['operations', 'finance'] });

    expect(await lastAudit(target.id)).toMatchObject({
      staffMemberId: admin.member.id,
      action: 'staff.member-changed',
      reason: REASON,
      before: { roles: ['operations'] },
      after: { roles: ['operations', 'finance'] },
    });
  });

  it('deactivates a member, which ends their sessions, and reactivates them', async () => {
    const admin = await staffSession(app(), ['admin']);
    const leaver = await staffSession(app(), ['operations']);
    const me = () => app().inject({ method: 'GET', url: '/api/staff/me', headers: leaver.headers });
    expect((await me()).statusCode).toBe(200);
    const current = (await read(admin, leaver.member.id)).json().data;
    const off = await change(admin, leaver.member.id, { active: false, reason: 'Left the company' }, staffMemberEtag(current));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await me()).statusCode).toBe(401);
    expect(await lastAudit(leaver.member.id)).toMatchObject({ action: 'staff.member-deactivated', before: { active: true }, after: { active: false }, reason: 'Left the company' });

    const on = await change(admin, leaver.member.id, { active: true, reason: 'Came back' }, off.headers.etag as string);
    expect(on.json().data.active).toBe(true);
    expect(await lastAudit(leaver.member.id)).toMatchObject({ action: 'staff.member-reactivated' });
    // The old session stays ended: reactivation does not revive it.
    expect((await me()).statusCode).toBe(401);
  });

  it('keeps an administrator from removing their own admin role or deactivating themselves', async () => {
    const admin = await staffSession(app(), ['admin', 'finance']);
    const self = (await read(admin, admin.member.id)).json().data;
    const demote = await change(admin, admin.member.id, { roles: ['finance'], reason: 'Trying to step down' }, staffMemberEtag(self));
    expectApiError(demote, 400, 'VALIDATION_FAILED');
    expect(demote.json().error.fields).toEqual({ roles: STAFF_MESSAGES.ownAdminRole });
    const leave = await change(admin, admin.member.id, { active: false, reason: 'Trying to leave' }, staffMemberEtag(self));
    expect(leave.json().error.fields).toEqual({ active: STAFF_MESSAGES.ownDeactivation });
    // Their other roles are theirs to change.
    const keep = await change(admin, admin.member.id, { roles: ['admin'], reason: 'No longer in finance' }, staffMemberEtag(self));
    expect(keep.statusCode, keep.body).toBe(200);
  });

  it('refuses a change from an administrator whose role was taken a moment ago', async () => {
    const first = await staffSession(app(), ['admin']);
    const second = await staffSession(app(), ['admin']);
    const target = await staffMember(app(), ['operations']);
    const secondNow = (await read(first, second.member.id)).json().data;
    expect((await change(first, second.member.id, { roles: ['finance'], reason: 'Moved to finance' }, staffMemberEtag(secondNow))).statusCode).toBe(200);
    // The guard reads roles with the session, so the next call is refused at once.
    expectApiError(await change(second, target.id, { roles: ['finance'], reason: REASON }, staffMemberEtag(target)), 403, 'FORBIDDEN');
  });

  it('resets passkeys with If-Match: the member is signed out and registers again at the next sign-in', async () => {
    const admin = await staffSession(app(), ['admin']);
    const member = await staffSession(app(), ['catalogue']);
    const current = (await read(admin, member.member.id)).json().data;
    const reset = await app().inject({
      method: 'POST',
      url: `/api/staff/members/${member.member.id}/passkeys/reset`,
      headers: { ...admin.headers, 'if-match': staffMemberEtag(current) },
      payload: { reason: 'Lost their phone' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({ passkeys: 0, recovery_codes_left: 0, version: current.version + 1 });
    expect((await app().inject({ method: 'GET', url: '/api/staff/me', headers: member.headers })).statusCode).toBe(401);
    expect(await lastAudit(member.member.id)).toMatchObject({ action: 'staff.passkeys-reset', reason: 'Lost their phone', detail: { sessions_ended: 1 } });
  });

  it('lists members, active ones first', async () => {
    const admin = await staffSession(app(), ['admin']);
    const leaver = await staffMember(app(), ['finance'], { name: 'Aaron Early' });
    expect((await change(admin, leaver.id, { active: false, reason: 'Left the company' }, staffMemberEtag(leaver))).statusCode).toBe(200);
    const response = await app().inject({ method: 'GET', url: '/api/staff/members', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const items = response.json().data.items as { active: boolean }[];
    expect(items.length).toBeGreaterThan(4);
    expect(items.findIndex((item) => !item.active)).toBeGreaterThan(items.findLastIndex((item) => item.active));
  });
});
