import type { Database } from '../../db/client.ts';
import { auditLog } from './schema.ts';

export interface AuditEntry {
  /** 'visitor', 'system', 'customer:12' ... */
  actor: string;
  action: string;
  entityType: string;
  entityId: string | number;
  bookingId?: number | null;
  requestId?: string | null;
  detail?: Record<string, unknown>;
}

/** Written in the transaction of the change it records, so the log never claims what was rolled back. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, entityId: String(entry.entityId), detail: entry.detail ?? {} });
}
