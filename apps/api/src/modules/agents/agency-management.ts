import { AGENCY_MESSAGES, agencyEtag, agencyStaffEtag } from '@tours/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { assertIfMatch } from '../../lib/if-match.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { recordStaffChange } from '../audit/index.ts';
import { agencyById, agencyStaff, type AgencyRecord, type AgencyStaffRecord } from './agency-records.ts';
import { agentStaff, agents } from './schema.ts';

/**
 * Staff manage travel agencies and their staff (permission catalogue.edit).
 * Each change is one transaction with its audit entry (who, the reason
 * typed, before and after) and checks the version the member read
 * (If-Match). An agency's ID never changes once made: agents type it, and
 * their bookings name it. Disabling an agency or a staff member takes
 * effect at once: the verification answers only enabled ones, and a
 * verification already given is refused on its next use (verification.ts).
 */

export interface ChangeContext {
  staffMemberId: number;
  /** The database's clock (app.clock.databaseNow()). */
  now: SQL;
  requestId: string;
}

/**
 * The demo seed adds its agencies and their staff through addAgency and
 * addAgencyStaff too (db/seed), so it cannot make what the console would
 * refuse. It is no staff member: its additions are not audited one by
 * one, the seed's run is.
 */
export interface SeedChange {
  staffMemberId: null;
  now: SQL;
}

const codeTaken = () => new HttpError(409, 'CONFLICT', AGENCY_MESSAGES.codeTaken, { code: AGENCY_MESSAGES.codeTaken });
const emailTaken = () => new HttpError(409, 'CONFLICT', AGENCY_MESSAGES.emailTaken, { email: AGENCY_MESSAGES.emailTaken });

const changedFields = <T extends Record<string, unknown>>(before: T, next: T) => (Object.keys(next) as (keyof T)[]).filter((field) => next[field] !== before[field]);
const pick = <T extends Record<string, unknown>>(record: T, fields: (keyof T)[]) => Object.fromEntries(fields.map((field) => [field, record[field]]));
const activity = (kind: string, changed: readonly string[], active: boolean) =>
  changed.length === 1 && changed[0] === 'active' ? `${kind}.${active ? 'enabled' : 'disabled'}` : `${kind}.changed`;

export async function addAgency(db: Database, input: { code: string; name: string; reason: string }, context: ChangeContext | SeedChange): Promise<AgencyRecord> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(agents)
        .values({ code: input.code, name: input.name, createdAt: context.now, updatedAt: context.now })
        .returning({ id: agents.id });
      if (context.staffMemberId !== null) {
        await recordStaffChange(tx, {
          staffMemberId: context.staffMemberId,
          reason: input.reason,
          action: 'agency.added',
          entityType: 'agency',
          entityId: row!.id,
          requestId: context.requestId,
          before: null,
          after: { code: input.code, name: input.name, active: true },
        });
      }
      return (await agencyById(tx, row!.id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'agents_code_unique')) throw codeTaken();
    throw error;
  }
}

async function lockAgency(tx: Database, id: number): Promise<AgencyRecord> {
  const [locked] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, id)).for('no key update');
  if (!locked) throw notFound(AGENCY_MESSAGES.agencyNotFound);
  return (await agencyById(tx, id))!;
}

export async function changeAgency(
  db: Database,
  id: number,
  ifMatch: readonly string[],
  changes: { name?: string | undefined; active?: boolean | undefined; reason: string },
  context: ChangeContext,
): Promise<AgencyRecord> {
  return db.transaction(async (tx) => {
    const before = await lockAgency(tx, id);
    assertIfMatch(ifMatch, agencyEtag(before), AGENCY_MESSAGES.staleAgency);
    const was = { name: before.name, active: before.active };
    const next = { name: changes.name ?? before.name, active: changes.active ?? before.active };
    const changed = changedFields(was, next);
    if (changed.length === 0) return before;
    await tx
      .update(agents)
      .set({ ...next, version: sql`${agents.version} + 1`, updatedAt: context.now })
      .where(eq(agents.id, id));
    await recordStaffChange(tx, {
      staffMemberId: context.staffMemberId,
      reason: changes.reason,
      action: activity('agency', changed, next.active),
      entityType: 'agency',
      entityId: id,
      requestId: context.requestId,
      before: pick(was, changed),
      after: pick(next, changed),
      detail: { code: before.code },
    });
    return (await agencyById(tx, id))!;
  });
}

export async function addAgencyStaff(
  db: Database,
  agencyId: number,
  input: { name: string; email: string; reason: string },
  context: ChangeContext | SeedChange,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const agency = await lockAgency(tx, agencyId);
      const [row] = await tx
        .insert(agentStaff)
        .values({ agentId: agencyId, name: input.name, email: input.email, createdAt: context.now, updatedAt: context.now })
        .returning({ id: agentStaff.id });
      if (context.staffMemberId !== null) {
        await recordStaffChange(tx, {
          staffMemberId: context.staffMemberId,
          reason: input.reason,
          action: 'agency-staff.added',
          entityType: 'agency_staff',
          entityId: row!.id,
          requestId: context.requestId,
          before: null,
          after: { name: input.name, email: input.email, active: true },
          detail: { agency: agency.code },
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, 'agent_staff_agent_email_unique')) throw emailTaken();
    throw error;
  }
}

export async function changeAgencyStaff(
  db: Database,
  agencyId: number,
  staffId: number,
  ifMatch: readonly string[],
  changes: { name?: string | undefined; email?: string | undefined; active?: boolean | undefined; reason: string },
  context: ChangeContext,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const agency = await lockAgency(tx, agencyId);
      const [locked] = await tx
        .select({ id: agentStaff.id })
        .from(agentStaff)
        .where(and(eq(agentStaff.id, staffId), eq(agentStaff.agentId, agencyId)))
        .for('no key update');
      if (!locked) throw notFound(AGENCY_MESSAGES.staffNotFound);
      const before = (await agencyStaff(tx, agencyId)).find((staff) => staff.id === staffId) as AgencyStaffRecord;
      assertIfMatch(ifMatch, agencyStaffEtag(before), AGENCY_MESSAGES.staleStaff);
      const was = { name: before.name, email: before.email, active: before.active };
      const next = { name: changes.name ?? before.name, email: changes.email ?? before.email, active: changes.active ?? before.active };
      const changed = changedFields(was, next);
      if (changed.length === 0) return;
      await tx
        .update(agentStaff)
        .set({ ...next, version: sql`${agentStaff.version} + 1`, updatedAt: context.now })
        .where(eq(agentStaff.id, staffId));
      await recordStaffChange(tx, {
        staffMemberId: context.staffMemberId,
        reason: changes.reason,
        action: activity('agency-staff', changed as string[], next.active),
        entityType: 'agency_staff',
        entityId: staffId,
        requestId: context.requestId,
        before: pick(was, changed),
        after: pick(next, changed),
        detail: { agency: agency.code },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'agent_staff_agent_email_unique')) throw emailTaken();
    throw error;
  }
}
