import { staffMembers } from './schema.ts';

/**
 * Staff members and their sign-in to the console: sessions, passkeys,
 * recovery codes (docs/decisions/0018-staff-console.md). The 'staff' guard
 * (plugins/staff-auth.ts) opens a session with useStaffSession; the seed adds
 * the demo's members with seedStaffMembers. Only this module writes its tables.
 */
export { useStaffSession, type StaffSessionView } from './sessions.ts';
export { seedStaffMembers } from './seed.ts';

/**
 * What other modules may read of the staff in their own statements (a booking's history naming who acted), never write.
 * @public for the bookings pages of the console (issue 26), which read it once they are merged.
 */
export const staffReadModel = { staffMembers } as const;
