import { sql, type SQL } from 'drizzle-orm';
import { departures } from './schema/departures.ts';

/**
 * When a departure's balance falls due, in SQL for the departures row of the
 * caller's statement: the domain's balanceDueDate (the start date less the
 * BALANCE_DUE_DAYS setting, which the caller passes as the e-mails and
 * reminders read it) unless the departure has its own number of days
 * (balance_due_days), so the staff console finds overdue balances among
 * thousands of bookings in the database. The one place the API reads the
 * rule from in SQL: a per-departure number of days changes it here.
 */
export const balanceDueDateSql = (balanceDueDays: number): SQL<string> =>
  sql<string>`(${departures.startDate} - coalesce(${departures.balanceDueDays}, cast(${balanceDueDays} as integer)))`;
