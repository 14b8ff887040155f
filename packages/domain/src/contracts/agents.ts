import { z } from 'zod/mini';
import { emailChecks } from '../email-address.ts';
import { positiveId, text } from '../input-values.ts';
import { VALIDATION } from '../messages.ts';
import { postPaymentDetailsSchema } from './booking.ts';
import { dataEnvelope, defineEndpoint, itemsEnvelope } from './common.ts';
import { agentSchema, agentStaffSchema, agentVerificationSchema } from './session-records.ts';

export {
  agentSchema,
  agentStaffSchema,
  agentVerificationSchema,
  type Agent,
  type AgentStaff,
  type AgentVerification,
} from './session-records.ts';

/**
 * Travel agents (spec sections 3, 4 and 7). The capitalised field names are
 * the trade system's and the spec reads them as they are.
 */

/** A staff member as anyone may see them: staff e-mail addresses are personal data, answered only to whoever proved one (verifyAgentStaff). */
export const agentStaffSummarySchema = z.omit(agentStaffSchema, { Email: true });
export type AgentStaffSummary = z.infer<typeof agentStaffSummarySchema>;

const agentIdParamSchema = z.object({ id: text({ max: 20, required: VALIDATION.agentIdRequired }) });

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
  response: itemsEnvelope(agentStaffSummarySchema),
  auth: 'none',
  summary: "An agent's staff (Id, Name): their e-mail addresses are never listed (verifyAgentStaff checks one)",
});

/** The travel agent modal's form and the verification's body: one schema for both (spec section 5, Agent). */
export const agentVerifyRequestSchema = z.object({
  agent_id: text({ max: 20, required: VALIDATION.agentIdRequired }),
  /** 'Staff email is required' when empty (spec section 5); an address no mail can reach cannot be a staff member's either. */
  email: z.string().check(...emailChecks(VALIDATION.staffEmailRequired)),
});
export type AgentVerifyRequest = z.infer<typeof agentVerifyRequestSchema>;

/**
 * The modal's Verify: the agent by ID, then the staff member by e-mail, on
 * the server. Unknown ID: 404 with `fields.agent_id` ('Failed to find
 * agent.'); unknown e-mail for that agent: 404 with `fields.email` ('Failed
 * to find staff member.'). Rate-limited per client and per agent ID (429
 * RATE_LIMITED with Retry-After), counted in the database so every replica
 * shares the count.
 */
export const verifyAgentStaff = defineEndpoint({
  method: 'POST',
  path: '/bookings/agents/verify',
  body: agentVerifyRequestSchema,
  response: dataEnvelope(z.object({ agent: agentSchema, staff: agentStaffSchema, verification: agentVerificationSchema })),
  auth: 'none',
  summary: 'Verifies an agent ID and a staff e-mail; answers the agent, the staff member and a verification token',
});

/** The token verifyAgentStaff answered, sent back as it came. */
const verificationToken = text({ max: 200, required: VALIDATION.valueRequired, trim: false });

export const registerAgent = defineEndpoint({
  method: 'POST',
  path: '/bookings/agent',
  /** `verification`: the token verifyAgentStaff answered for this agent. */
  body: z.object({ id: agentIdParamSchema.shape.id, verification: verificationToken }),
  response: dataEnvelope(agentSchema),
  auth: 'booking',
  summary: 'Registers the travel agent on the booking and marks it an agent booking',
});

export const registerAgentStaff = defineEndpoint({
  method: 'POST',
  path: '/bookings/agent-staff',
  /** `verification`: the token verifyAgentStaff answered for this staff member. */
  body: z.object({ id: positiveId(), verification: verificationToken }),
  response: dataEnvelope(agentStaffSchema),
  auth: 'booking',
  summary: "Registers the agent's staff member on the booking (must belong to the registered agent)",
});

export const confirmAgentBooking = defineEndpoint({
  method: 'POST',
  path: '/bookings/agent-confirm',
  /** The agent ticked the agent terms: the booking is confirmed only with them accepted. */
  body: z.object({ action: z.literal('confirm'), agent_terms_accepted: z.literal(true, { error: VALIDATION.agentTermsRequired }) }),
  response: dataEnvelope(postPaymentDetailsSchema),
  auth: 'booking',
  summary: 'Confirms an agent booking without payment',
});
