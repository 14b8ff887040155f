import { createHash } from 'node:crypto';
import { ALERTS, VALIDATION } from '@tours/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, agentStaff, agentVerifications } from '../src/db/schema/index.ts';
import { JANE, MARCUS, PRIYA, SEED_STAFF_EMAILS, verified, verify } from './agents-fixtures.ts';
import { build, expectApiError } from './helper.ts';

const FORMER_STAFF_EMAIL = 'former.staff@wanderlust.example';
const CLOSED_AGENCY_EMAIL = 'owner@closed-agency.example';

/** No answer to an anonymous caller may hold a staff e-mail address, nor anything shaped like one. */
function expectNoEmail(response: LightMyRequestResponse) {
  for (const email of [...SEED_STAFF_EMAILS, FORMER_STAFF_EMAIL, CLOSED_AGENCY_EMAIL]) expect(response.body.toLowerCase()).not.toContain(email);
  expect(response.body).not.toContain('@');
}

describe('the travel agent directory and verification', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const app = () => server.app;
  const get = (url: string) => app().inject({ method: 'GET', url });

  beforeAll(async () => {
    const db = app().db;
    // An agency the operator stopped working with, and a member of staff who left an active one.
    const [closed] = await db.insert(agents).values({ code: 'AG9001', name: 'Closed Agency', active: false }).returning();
    await db.insert(agentStaff).values({ agentId: closed!.id, name: 'Olive Owner', email: CLOSED_AGENCY_EMAIL });
    const [wanderlust] = await db.select().from(agents).where(eq(agents.code, 'AG1001'));
    await db.insert(agentStaff).values({ agentId: wanderlust!.id, name: 'Former Staff', email: FORMER_STAFF_EMAIL, active: false });
  });

  it('lists the active agents by ID and Name', async () => {
    const response = await get('/api/bookings/agents');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: {
        items: [
          { ID: 'AG1001', Name: 'Wanderlust Travel Ltd' },
          { ID: 'AG1002', Name: 'Grand Tour Agency' },
        ],
      },
    });
  });

  it('answers one agent by its ID, typed in any case and with spaces around it', async () => {
    for (const id of ['AG1001', 'ag1001', '%20Ag1001%20']) {
      const response = await get(`/api/bookings/agents/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { ID: 'AG1001', Name: 'Wanderlust Travel Ltd' } });
    }
    for (const id of ['AG0000', 'AG9001']) {
      const response = await get(`/api/bookings/agents/${id}`);
      expectApiError(response, 404, 'NOT_FOUND');
      expect(response.json().error.message).toBe(ALERTS.agentNotFound.message);
    }
  });

  it('lists an agent’s active staff by Id and Name only, never their e-mail addresses', async () => {
    const grandTour = await get('/api/bookings/agents/ag1002/staff');
    expect(grandTour.statusCode, grandTour.body).toBe(200);
    const items = grandTour.json().data.items as Record<string, unknown>[];
    expect(items.map((item) => Object.keys(item).sort())).toEqual([
      ['Id', 'Name'],
      ['Id', 'Name'],
    ]);
    expect(items.map((item) => item.Name)).toEqual(['Marcus Webb', 'Priya Natarajan']);
    expectNoEmail(grandTour);

    const wanderlust = await get('/api/bookings/agents/AG1001/staff');
    expect(wanderlust.json().data.items.map((item: { Name: string }) => item.Name)).toEqual(['Jane Holt']);
    expectNoEmail(wanderlust);
    const closed = await get('/api/bookings/agents/AG9001/staff');
    expectApiError(closed, 404, 'NOT_FOUND');
    expectNoEmail(closed);
  });

  it('never shows a staff e-mail to an anonymous caller: not in the lists, the details or any refusal', async () => {
    const answers = await Promise.all([
      get('/api/bookings/agents'),
      get('/api/bookings/agents/AG1001'),
      get('/api/bookings/agents/AG1002'),
      get('/api/bookings/agents/AG1001/staff'),
      get('/api/bookings/agents/AG1002/staff'),
      get('/api/bookings/agents/AG9001'),
      verify(app(), { agent_id: 'AG1001', email: MARCUS.email }),
      verify(app(), { agent_id: 'AG1002', email: JANE.email }),
      verify(app(), { agent_id: 'AG1001', email: FORMER_STAFF_EMAIL }),
      verify(app(), { agent_id: 'AG9001', email: CLOSED_AGENCY_EMAIL }),
      verify(app(), { agent_id: 'AG1001', email: '' }),
    ]);
    for (const answer of answers) expectNoEmail(answer);
  });

  it('verifies an agent ID and a staff e-mail typed loosely, answering the agent, the staff member and a verification token', async () => {
    const before = Date.now();
    const response = await verify(app(), { agent_id: '  ag1001 ', email: '  Jane.Holt@Wanderlust.EXAMPLE ' });
    expect(response.statusCode, response.body).toBe(200);
    const { agent, staff, verification } = response.json().data;
    expect(agent).toEqual({ ID: 'AG1001', Name: 'Wanderlust Travel Ltd' });
    expect(staff).toEqual({ Id: expect.any(Number), Name: 'Jane Holt', Email: JANE.email });
    expect(verification.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Twelve hours by default.
    const expiresIn = Date.parse(verification.expires_at) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(12 * 3600_000 - 1000);
    expect(expiresIn).toBeLessThanOrEqual(12 * 3600_000 + 60_000);

    // Kept in the database by its SHA-256 only, naming the agent and the staff member.
    const [stored] = await app()
      .db.select()
      .from(agentVerifications)
      .where(eq(agentVerifications.tokenHash, createHash('sha256').update(verification.token).digest('hex')));
    expect(stored).toMatchObject({ agentStaffId: staff.Id, expiresAt: new Date(verification.expires_at) });
    const rows = await app().db.select({ hash: agentVerifications.tokenHash }).from(agentVerifications);
    expect(rows.some((row) => row.hash === verification.token)).toBe(false);
  });

  it('verifies each staff member of an agency with more than one, with a token of their own', async () => {
    const [marcus, priya] = [await verified(app(), MARCUS), await verified(app(), PRIYA)];
    expect(marcus.staff.Name).toBe('Marcus Webb');
    expect(priya.staff.Name).toBe('Priya Natarajan');
    expect(priya.verification.token).not.toBe(marcus.verification.token);
  });

  it('answers an unknown agent ID with 404 on agent_id and the toast’s words', async () => {
    for (const agentId of ['AG0000', 'AG9001']) {
      const response = await verify(app(), { agent_id: agentId, email: JANE.email });
      expectApiError(response, 404, 'NOT_FOUND');
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Failed to find agent.', fields: { agent_id: 'Failed to find agent.' } });
    }
  });

  it('answers an e-mail that is not one of the agent’s active staff with 404 on email, without repeating it', async () => {
    for (const email of ['nobody@wanderlust.example', MARCUS.email, FORMER_STAFF_EMAIL]) {
      const response = await verify(app(), { agent_id: 'AG1001', email });
      expectApiError(response, 404, 'NOT_FOUND');
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Failed to find staff member.', fields: { email: 'Failed to find staff member.' } });
    }
  });

  it('asks for both fields with the modal’s messages', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ agent_id: '', email: JANE.email }, { agent_id: VALIDATION.agentIdRequired }],
      [{ agent_id: '   ', email: JANE.email }, { agent_id: VALIDATION.agentIdRequired }],
      [{ agent_id: 'AG1001', email: '' }, { email: VALIDATION.staffEmailRequired }],
      [{ agent_id: 'AG1001', email: '  ' }, { email: VALIDATION.staffEmailRequired }],
      [{ agent_id: '', email: '' }, { agent_id: VALIDATION.agentIdRequired, email: VALIDATION.staffEmailRequired }],
    ];
    for (const [body, fields] of cases) {
      const response = await verify(app(), body);
      expectApiError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().error.fields).toMatchObject(fields);
    }
    const missing = await verify(app(), {});
    expectApiError(missing, 400, 'VALIDATION_FAILED');
    expect(Object.keys(missing.json().error.fields).sort()).toEqual(['agent_id', 'email']);
  });
});
