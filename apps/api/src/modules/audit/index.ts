import { auditLog } from './schema.ts';

/** The audit log: who changed what, written in the transaction of the change. Every module records through this. */
export { MissingStaffReason, recordAudit, recordStaffChange } from './record.ts';

/** What other modules may read of the log in their own statements (a booking's history on its staff page), never write. */
export const auditReadModel = { auditLog } as const;
