import { AGENCY_MESSAGES, agencyEtag, agencyStaffEtag, ALERTS, VALIDATION } from '@tours/domain';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { makeAgentBooking, registerAgentOn, verified, verify } from './agents-fixtures.ts';
import { createBooking } from './booking-fixtures.ts';
import { build, expectApiError } from './helper.ts';
import { SICILY } from './payment-fixtures.ts';
import { newAgency } from './promotion-agency-fixtures.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';

/** Staff managing travel agencies and their staff (catalogue.edit): audited, If-Match, and what the agent verification makes of it. */
describe('staff: travel agencies', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const app = () => server.app;
  const REASON = 'New trade partner';
  let made = 0;
  const newCode = () => `AG${(made += 1)}P${process.pid % 10000}`;

  const send = (caller: StaffCaller, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, ifMatch?: string) =>
    app().inject({ method, url: `/api/staff/agencies${url}`, headers: { ...caller.headers, ...(ifMatch ? { 'if-match': ifMatch } : {}) }, ...(payload ? { payload } : {}) });
  const lastAudit = async (entityType: string, id: number) =>
    (await app().db.select().from(auditLog).where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(id)))).orderBy(desc(auditLog.id)).limit(1))[0]!;

  it('adds an agency with an upper-case ID and a staff member, audited; a taken ID or e-mail is 409 on its field', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const code = newCode();
    const added = await send(catalogue, 'POST', '', { code: ` ${code.toLowerCase()} `, name: 'Horizon Journeys', reason: REASON });
    expect(added.statusCode, added.body).toBe(201);
    const agency = added.json().data;
    expect(agency).toMatchObject({ code, name: 'Horizon Journeys', active: true, staff_count: 0, version: 1, staff: [] });
    expect(added.headers.etag).toBe(agencyEtag(agency));
    expect(await lastAudit('agency', agency.id)).toMatchObject({ action: 'agency.added', reason: REASON, staffMemberId: catalogue.member.id, before: null, after: { code, name: 'Horizon Journeys', active: true } });

    const taken = await send(catalogue, 'POST', '', { code, name: 'Twice', reason: REASON });
    expectApiError(taken, 409, 'CONFLICT');
    expect(taken.json().error.fields).toEqual({ code: AGENCY_MESSAGES.codeTaken });

    const withStaff = await send(catalogue, 'POST', `/${agency.id}/staff`, { name: 'Nadia Roy', email: ' Nadia.Roy@Horizon.example ', reason: REASON });
    expect(withStaff.statusCode, withStaff.body).toBe(201);
    const [member] = withStaff.json().data.staff;
    expect(member).toMatchObject({ name: 'Nadia Roy', email: 'nadia.roy@horizon.example', active: true, version: 1 });
    expect(withStaff.json().data).toMatchObject({ staff_count: 1, active_staff_count: 1 });
    expect(await lastAudit('agency_staff', member.id)).toMatchObject({ action: 'agency-staff.added', after: { name: 'Nadia Roy', email: 'nadia.roy@horizon.example', active: true } });

    const sameEmail = await send(catalogue, 'POST', `/${agency.id}/staff`, { name: 'Nadia Again', email: 'NADIA.ROY@horizon.example', reason: REASON });
    expectApiError(sameEmail, 409, 'CONFLICT');
    expect(sameEmail.json().error.fields).toEqual({ email: AGENCY_MESSAGES.emailTaken });

    // The new agency's staff member is verified on the site's agent modal at once.
    const who = await verified(app(), { agentId: code.toLowerCase(), email: 'nadia.roy@horizon.example' });
    expect(who.agent).toEqual({ ID: code, Name: 'Horizon Journeys' });
  });

  it('refuses bad input with the field at fault', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const bad = await send(catalogue, 'POST', '', { code: 'A', name: ' ', reason: REASON });
    expectApiError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.fields).toEqual({ code: AGENCY_MESSAGES.codeFormat, name: AGENCY_MESSAGES.nameRequired });
    const { agency } = await newAgency(app());
    const badStaff = await send(catalogue, 'POST', `/${agency.id}/staff`, { name: 'Someone', email: 'not an address', reason: REASON });
    expect(badStaff.json().error.fields).toEqual({ email: VALIDATION.emailUndeliverable });
  });

  it('renames with If-Match: 428 without, 412 when stale, audited before and after', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const other = await staffSession(app(), ['admin']);
    const { agency, etag } = await newAgency(app());
    expectApiError(await send(catalogue, 'PATCH', `/${agency.id}`, { name: 'Renamed', reason: REASON }), 428, 'PRECONDITION_REQUIRED');
    const renamed = await send(catalogue, 'PATCH', `/${agency.id}`, { name: 'Renamed Travel', reason: REASON }, etag);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Renamed Travel', version: 2 });
    expect(renamed.headers.etag).toBe(agencyEtag({ id: agency.id, version: 2 }));
    expect(await lastAudit('agency', agency.id)).toMatchObject({ action: 'agency.changed', before: { name: agency.name }, after: { name: 'Renamed Travel' } });
    const stale = await send(other, 'PATCH', `/${agency.id}`, { active: false, reason: 'Stopped trading' }, etag);
    expectApiError(stale, 412, 'PRECONDITION_FAILED');
    expect(stale.json().error.message).toBe(AGENCY_MESSAGES.staleAgency);
    expect((await send(other, 'GET', `/${agency.id}`)).json().data).toMatchObject({ active: true, name: 'Renamed Travel' });
  });

  it('a disabled agency fails the verification at once, and its verifications already given stop working', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const { agency, etag, staff } = await newAgency(app());
    const who = await verified(app(), { agentId: agency.code, email: staff.email });
    const off = await send(catalogue, 'PATCH', `/${agency.id}`, { active: false, reason: 'Stopped trading' }, etag);
    expect(off.statusCode, off.body).toBe(200);
    expect(await lastAudit('agency', agency.id)).toMatchObject({ action: 'agency.disabled', before: { active: true }, after: { active: false }, reason: 'Stopped trading' });

    const refused = await verify(app(), { agent_id: agency.code, email: staff.email });
    expectApiError(refused, 404, 'NOT_FOUND');
    expect(refused.json().error.fields).toEqual({ agent_id: ALERTS.agentNotFound.message });
    const booking = await createBooking(app(), SICILY);
    expectApiError(await registerAgentOn(app(), booking, { id: who.agent.ID, verification: who.verification.token }), 403, 'FORBIDDEN');

    const on = await send(catalogue, 'PATCH', `/${agency.id}`, { active: true, reason: 'Trading again' }, off.headers.etag as string);
    expect(on.statusCode).toBe(200);
    await makeAgentBooking(app(), booking, who);
  });

  it('changes and disables a staff member with their own If-Match; a disabled one fails the verification', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const { agency, staff, staffEtag } = await newAgency(app());
    const url = `/${agency.id}/staff/${staff.id}`;
    expectApiError(await send(catalogue, 'PATCH', url, { name: 'Renamed', reason: REASON }), 428, 'PRECONDITION_REQUIRED');
    const renamed = await send(catalogue, 'PATCH', url, { name: 'Tess Agent', email: 'Tess@Agency.test', reason: 'Married' }, staffEtag);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const member = renamed.json().data.staff.find((row: { id: number }) => row.id === staff.id);
    expect(member).toMatchObject({ name: 'Tess Agent', email: 'tess@agency.test', version: 2 });
    expect(await lastAudit('agency_staff', staff.id)).toMatchObject({ action: 'agency-staff.changed', before: { name: staff.name, email: staff.email }, after: { name: 'Tess Agent', email: 'tess@agency.test' } });

    const stale = await send(catalogue, 'PATCH', url, { active: false, reason: 'Left' }, staffEtag);
    expectApiError(stale, 412, 'PRECONDITION_FAILED');
    expect(stale.json().error.message).toBe(AGENCY_MESSAGES.staleStaff);

    await verified(app(), { agentId: agency.code, email: 'tess@agency.test' });
    const off = await send(catalogue, 'PATCH', url, { active: false, reason: 'Left the agency' }, agencyStaffEtag(member));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ staff_count: 1, active_staff_count: 0 });
    expect(await lastAudit('agency_staff', staff.id)).toMatchObject({ action: 'agency-staff.disabled', before: { active: true }, after: { active: false } });
    const refused = await verify(app(), { agent_id: agency.code, email: 'tess@agency.test' });
    expectApiError(refused, 404, 'NOT_FOUND');
    expect(refused.json().error.fields).toEqual({ email: ALERTS.staffNotFound.message });
  });

  it('lists agencies with their staff counts, and is refused to roles without catalogue.edit', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const { agency } = await newAgency(app());
    const items = (await send(catalogue, 'GET', '')).json().data.items;
    expect(items.find((row: { id: number }) => row.id === agency.id)).toMatchObject({ code: agency.code, staff_count: 1, active_staff_count: 1 });
    expect(items.find((row: { code: string }) => row.code === 'AG1001')).toMatchObject({ active: true });
    const operations = await staffSession(app(), ['operations']);
    expectApiError(await send(operations, 'GET', ''), 403, 'FORBIDDEN');
  });
});
