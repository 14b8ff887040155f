import type { AgencyStaffMember, StaffAgency, StaffAgencyPage } from '@tours/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agentStaff, agents } from './schema.ts';

/** Agencies and their staff as the staff console reads them, disabled ones included. */

export interface AgencyRecord {
  id: number;
  code: string;
  name: string;
  active: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  staffCount: number;
  activeStaffCount: number;
}

export interface AgencyStaffRecord {
  id: number;
  agentId: number;
  name: string;
  email: string;
  active: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

const agencyColumns = {
  id: agents.id,
  code: agents.code,
  name: agents.name,
  active: agents.active,
  version: agents.version,
  createdAt: agents.createdAt,
  updatedAt: agents.updatedAt,
  // Qualified by hand: drizzle leaves a column of the outer table unqualified here, and an unqualified id would be the staff member's.
  staffCount: sql<number>`(select cast(count(*) as integer) from agent_staff s where s.agent_id = agents.id)`,
  activeStaffCount: sql<number>`(select cast(count(*) as integer) from agent_staff s where s.agent_id = agents.id and s.active)`,
};

const staffColumns = {
  id: agentStaff.id,
  agentId: agentStaff.agentId,
  name: agentStaff.name,
  email: agentStaff.email,
  active: agentStaff.active,
  version: agentStaff.version,
  createdAt: agentStaff.createdAt,
  updatedAt: agentStaff.updatedAt,
};

const counted = (row: AgencyRecord): AgencyRecord => ({ ...row, staffCount: Number(row.staffCount), activeStaffCount: Number(row.activeStaffCount) });

/** Every agency, enabled ones first, then by ID. */
export async function readAgencies(db: Database): Promise<AgencyRecord[]> {
  return (await db.select(agencyColumns).from(agents).orderBy(desc(agents.active), asc(agents.code))).map(counted);
}

export async function agencyById(db: Database, id: number): Promise<AgencyRecord | null> {
  const [row] = await db.select(agencyColumns).from(agents).where(eq(agents.id, id));
  return row ? counted(row) : null;
}

/** The agency's staff, enabled ones first, then by name. */
export async function agencyStaff(db: Database, agencyId: number): Promise<AgencyStaffRecord[]> {
  return db.select(staffColumns).from(agentStaff).where(eq(agentStaff.agentId, agencyId)).orderBy(desc(agentStaff.active), asc(agentStaff.name), asc(agentStaff.id));
}

export const presentAgency = (agency: AgencyRecord): StaffAgency => ({
  id: agency.id,
  code: agency.code,
  name: agency.name,
  active: agency.active,
  staff_count: agency.staffCount,
  active_staff_count: agency.activeStaffCount,
  version: agency.version,
  created_at: agency.createdAt.toISOString(),
  updated_at: agency.updatedAt.toISOString(),
});

export const presentAgencyStaff = (staff: AgencyStaffRecord): AgencyStaffMember => ({
  id: staff.id,
  name: staff.name,
  email: staff.email,
  active: staff.active,
  version: staff.version,
  created_at: staff.createdAt.toISOString(),
  updated_at: staff.updatedAt.toISOString(),
});

/** An agency's page: the agency and its staff. */
export async function agencyPage(db: Database, id: number): Promise<{ agency: AgencyRecord; page: StaffAgencyPage } | null> {
  const agency = await agencyById(db, id);
  if (!agency) return null;
  const staff = await agencyStaff(db, id);
  return { agency, page: { ...presentAgency(agency), staff: staff.map(presentAgencyStaff) } };
}
