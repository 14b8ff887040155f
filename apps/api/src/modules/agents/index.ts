import { agentStaff, agents } from './schema.ts';

/**
 * Travel agents: the agencies, their staff and the verifications that prove
 * someone typed an agent's ID and a staff member's e-mail
 * (docs/decisions/0013-agent-verification.md). Registering them on a booking
 * is the bookings module's write, asked for by modules/agent-bookings.
 */
export { findAgentAndStaff, normaliseAgentCode, presentAgent, presentStaff } from './repository.ts';
export { agentActor, requireVerification } from './verification.ts';
// What the console's services add an agency and its staff with, for the demo seed to load its agencies through them (db/seed).
export { addAgency, addAgencyStaff, type SeedChange as AgencySeedChange } from './agency-management.ts';

/**
 * What other modules may read of the agents' tables in their own statements
 * (the staff member copied on a confirmation, the agency that settles an
 * agent booking's balance, the agency on a staff member's booking list),
 * never write.
 */
export const agentsReadModel = { agents, agentStaff } as const;
