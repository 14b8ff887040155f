import type { Agent, AgentStaff, AgentStaffSummary } from '@tours/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agentStaff, agents } from './schema.ts';
import { normaliseEmail } from '../customers/index.ts';

/**
 * Travel agents and their staff as the agent modal finds them. Only active
 * ones are ever answered: an agency or a staff member the operator stopped
 * working with is 'not found', never listed.
 */

/** 'ag1001 ' and 'AG1001' are the same Agent ID (agents.code is stored upper case). */
export const normaliseAgentCode = (code: string) => code.trim().toUpperCase();

/** Staff e-mails are stored trimmed and lower case (agent_staff_email_normalised), as customers' are. */
export const normaliseStaffEmail = normaliseEmail;

export interface AgentRow {
  id: number;
  code: string;
  name: string;
}

export interface StaffRow {
  id: number;
  agentId: number;
  name: string;
  email: string;
}

export const presentAgent = (agent: AgentRow): Agent => ({ ID: agent.code, Name: agent.name });
export const presentStaffSummary = (staff: StaffRow): AgentStaffSummary => ({ Id: staff.id, Name: staff.name });
/** With the e-mail: only for whoever proved it (a verification naming this staff member). */
export const presentStaff = (staff: StaffRow): AgentStaff => ({ Id: staff.id, Name: staff.name, Email: staff.email });

const agentColumns = { id: agents.id, code: agents.code, name: agents.name };
const staffColumns = { id: agentStaff.id, agentId: agentStaff.agentId, name: agentStaff.name, email: agentStaff.email };

export async function listActiveAgents(db: Database): Promise<AgentRow[]> {
  return db.select(agentColumns).from(agents).where(eq(agents.active, true)).orderBy(asc(agents.code));
}

export async function findActiveAgent(db: Database, code: string): Promise<AgentRow | null> {
  const [row] = await db
    .select(agentColumns)
    .from(agents)
    .where(and(eq(agents.code, normaliseAgentCode(code)), eq(agents.active, true)));
  return row ?? null;
}

export async function listActiveStaff(db: Database, agentId: number): Promise<StaffRow[]> {
  return db
    .select(staffColumns)
    .from(agentStaff)
    .where(and(eq(agentStaff.agentId, agentId), eq(agentStaff.active, true)))
    .orderBy(asc(agentStaff.name), asc(agentStaff.id));
}

export async function findActiveStaffByEmail(db: Database, agentId: number, email: string): Promise<StaffRow | null> {
  const [row] = await db
    .select(staffColumns)
    .from(agentStaff)
    .where(and(eq(agentStaff.agentId, agentId), eq(agentStaff.email, normaliseStaffEmail(email)), eq(agentStaff.active, true)));
  return row ?? null;
}

/** The agent and staff member registered on a booking, whether or not they are still active. */
export interface RegisteredAgent {
  agent: AgentRow & { active: boolean };
  staff: (StaffRow & { active: boolean }) | null;
}

export async function findAgentAndStaff(db: Database, agentId: number, staffId: number | null): Promise<RegisteredAgent | null> {
  const [agent] = await db
    .select({ ...agentColumns, active: agents.active })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!agent) return null;
  if (staffId === null) return { agent, staff: null };
  const [staff] = await db
    .select({ ...staffColumns, active: agentStaff.active })
    .from(agentStaff)
    .where(and(eq(agentStaff.id, staffId), eq(agentStaff.agentId, agentId)));
  return { agent, staff: staff ?? null };
}
