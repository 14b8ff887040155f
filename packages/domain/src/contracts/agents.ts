import { z } from 'zod';
import { VALIDATION } from '../messages.ts';
import { postPaymentDetailsSchema } from './booking.ts';
import { dataEnvelope, defineEndpoint, itemsEnvelope } from './common.ts';

/**
 * Travel agents (spec sections 3, 4 and 7). The capitalised field names are
 * the trade system's and the spec reads them as they are.
 */

export const agentSchema = z.object({ ID: z.string(), Name: z.string() });
export type Agent = z.infer<typeof agentSchema>;

export const agentStaffSchema = z.object({ Id: z.number().int(), Name: z.string(), Email: z.string() });
export type AgentStaff = z.infer<typeof agentStaffSchema>;

const agentIdParamSchema = z.object({ id: z.string().trim().min(1, VALIDATION.agentIdRequired).max(20) });

export const listAgents = defineEndpoint({
  method: 'GET',
  path: '/bookings/agents',
  response: itemsEnvelope(agentSchema),
  auth: 'none',
  summary: 'Travel agents, for the agent verification modal',
});

export const getAgent = defineEndpoint({
  method: 'GET',
  path: '/bookings/agents/:id',
  params: agentIdParamSchema,
  response: dataEnvelope(agentSchema),
  auth: 'none',
  summary: 'One travel agent (NOT_FOUND when the ID is unknown)',
});

export const listAgentStaff = defineEndpoint({
  method: 'GET',
  path: '/bookings/agents/:id/staff',
  params: agentIdParamSchema,
  /**
   * With `email`, only the matching staff member is listed, so the modal can
   * verify one address without the API handing out every colleague's.
   */
  query: z.object({ email: z.string().trim().max(254).optional() }),
  response: itemsEnvelope(agentStaffSchema),
  auth: 'none',
  summary: "An agent's staff (Id, Name, Email)",
});

export const registerAgent = defineEndpoint({
  method: 'POST',
  path: '/bookings/agent',
  body: z.object({ id: agentIdParamSchema.shape.id }),
  response: dataEnvelope(agentSchema),
  auth: 'booking',
  summary: 'Registers the travel agent on the booking and marks it an agent booking',
});

export const registerAgentStaff = defineEndpoint({
  method: 'POST',
  path: '/bookings/agent-staff',
  body: z.object({ id: z.number().int().positive() }),
  response: dataEnvelope(agentStaffSchema),
  auth: 'booking',
  summary: "Registers the agent's staff member on the booking (must belong to the registered agent)",
});

export const confirmAgentBooking = defineEndpoint({
  method: 'POST',
  path: '/bookings/agent-confirm',
  body: z.object({ action: z.literal('confirm') }),
  response: dataEnvelope(postPaymentDetailsSchema),
  auth: 'booking',
  summary: 'Confirms an agent booking without payment',
});
