import type { SQL } from 'drizzle-orm';
import { describeFields, HttpError } from '../../../lib/http-error.ts';
import type { Database } from '../../../db/client.ts';
import { recordStaffChange } from '../../audit/index.ts';

/**
 * Who changes the catalogue, and how it is recorded. A staff member's change
 * is audited in its transaction (who, the reason typed, before and after);
 * the demo seed loads its catalogue through the same services (so it cannot
 * create what the console would refuse) and is recorded once, as the seed.
 */
export interface CatalogueChange {
  /** The database's clock (app.clock.databaseNow()), for updated_at and what holds count. */
  now: SQL;
  /** The staff member and why; null for the demo seed. */
  staff: { memberId: number; reason: string; requestId: string } | null;
}

export async function audit(
  tx: Database,
  change: CatalogueChange,
  entry: { action: string; entityType: 'tour' | 'departure' | 'departure_option'; entityId: number; before: Record<string, unknown> | null; after: Record<string, unknown> | null },
): Promise<void> {
  if (!change.staff) return;
  await recordStaffChange(tx, {
    staffMemberId: change.staff.memberId,
    reason: change.staff.reason,
    requestId: change.staff.requestId,
    ...entry,
  });
}

/** The fields of `after` that differ from `before` (compared as JSON), each as it was and as it became. */
export function differences<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | null {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length === 0) return null;
  const pick = (record: T) => Object.fromEntries(changed.map((key) => [key, record[key]])) as Partial<T>;
  return { before: pick(before), after: pick(after) };
}

/** A refusal of a field's value that is well formed but conflicts with what is stored (a code taken, a stock below what is sold): 409 with the field's message. */
export const conflictOn = (fields: Record<string, string>) => new HttpError(409, 'CONFLICT', describeFields(fields), fields);
