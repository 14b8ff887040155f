import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { AGENTS } from '../src/db/seed/data/agents.ts';
import type { CreatedTestBooking } from './booking-fixtures.ts';

/** The travel agent calls as the agent modal and the booking flow make them. */

export interface AgentPerson {
  agentId: string;
  email: string;
}

/** The seed's agents' staff (apps/api/src/db/seed/data/agents.ts). */
export const JANE: AgentPerson = { agentId: 'AG1001', email: 'jane.holt@wanderlust.example' };
export const MARCUS: AgentPerson = { agentId: 'AG1002', email: 'marcus.webb@grandtour.example' };
export const PRIYA: AgentPerson = { agentId: 'AG1002', email: 'priya.natarajan@grandtour.example' };

/** Every staff e-mail address the seed has: none of them may ever reach an anonymous caller. */
export const SEED_STAFF_EMAILS: string[] = AGENTS.flatMap((agent) => agent.staff.map((staff) => staff.email));

export interface VerifyOptions {
  /** The client's address as the socket gives it (app.inject's remoteAddress). */
  ip?: string;
  headers?: Record<string, string>;
}

export function verify(app: FastifyInstance, body: object, options: VerifyOptions = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/bookings/agents/verify',
    payload: body,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

export interface Verified {
  agent: { ID: string; Name: string };
  staff: { Id: number; Name: string; Email: string };
  verification: { token: string; expires_at: string };
}

/** Verifies a staff member, which must succeed. */
export async function verified(app: FastifyInstance, person: AgentPerson, options: VerifyOptions = {}): Promise<Verified> {
  const response = await verify(app, { agent_id: person.agentId, email: person.email }, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Verified;
}

export function registerAgentOn(app: FastifyInstance, booking: Pick<CreatedTestBooking, 'headers'>, body: object) {
  return app.inject({ method: 'POST', url: '/api/bookings/agent', headers: booking.headers, payload: body });
}

export function registerStaffOn(app: FastifyInstance, booking: Pick<CreatedTestBooking, 'headers'>, body: object) {
  return app.inject({ method: 'POST', url: '/api/bookings/agent-staff', headers: booking.headers, payload: body });
}

export function agentConfirm(app: FastifyInstance, booking: Pick<CreatedTestBooking, 'headers'>, body: object = { action: 'confirm', agent_terms_accepted: true }) {
  return app.inject({ method: 'POST', url: '/api/bookings/agent-confirm', headers: booking.headers, payload: body });
}

/** What step 4 does for an agent: the verified agent, then the staff member, registered on the booking. */
export async function makeAgentBooking(app: FastifyInstance, booking: Pick<CreatedTestBooking, 'headers'>, who: Verified) {
  const agent = await registerAgentOn(app, booking, { id: who.agent.ID, verification: who.verification.token });
  expect(agent.statusCode, agent.body).toBe(200);
  const staff = await registerStaffOn(app, booking, { id: who.staff.Id, verification: who.verification.token });
  expect(staff.statusCode, staff.body).toBe(200);
}
