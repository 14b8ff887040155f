import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { insertStaffMember, type NewStaffMember } from './members.ts';
import { staffMembers } from './schema.ts';

/** Replicas starting together take turns; the first one seeds the staff, the others find them there. */
const STAFF_SEED_LOCK_KEY = 7_240_026;

/**
 * The demo's staff members, once: only into a database that has none, so a
 * restart changes nothing and an administrator's changes to the demo staff
 * (a deactivated member, new roles) are never undone.
 */
export async function seedStaffMembers(db: Database, members: readonly NewStaffMember[], now: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ id: staffMembers.id }).from(staffMembers).limit(1);
    if (existing) return 0;
    for (const member of members) {
      const added = await insertStaffMember(tx, member, now);
      await recordAudit(tx, { actor: 'system', action: 'staff.member-seeded', entityType: 'staff_member', entityId: added.id, after: { email: added.email, name: added.name, roles: added.roles } });
    }
    return members.length;
  });
}
