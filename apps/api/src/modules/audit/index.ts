/** The audit log: who changed what, written in the transaction of the change. Every module records through this. */
export { MissingStaffReason, recordAudit, recordStaffChange } from './record.ts';
