import { balanceDueDate, balanceDueDaysFor, calendarDaysBetween, type BookingStatus, type CurrencyCode } from '@tours/domain';

/**
 * Which reminders a booking is due now: the rules of the reminders job,
 * on the operator's calendar date (the database's clock), apart from the
 * statements that find the bookings and queue the e-mails. Each answer is a
 * message key, so a reminder goes once per booking (the outbox's unique key)
 * whatever replica or run finds it due.
 */

export interface ReminderSchedule {
  /** BALANCE_DUE_DAYS: the balance falls due this many days before departure. */
  balanceDueDays: number;
  /** BALANCE_REMINDER_DAYS: the first reminder goes this many days before the due date. */
  balanceReminderDays: number;
  /** DETAILS_CHASER_DAYS, largest first. */
  detailsChaserDays: readonly number[];
  /** FINAL_DOCUMENTS_DAYS. */
  finalDocumentsDays: number;
}

export interface ReminderCandidate {
  id: number;
  status: BookingStatus;
  /** 'YYYY-MM-DD' the departure starts. */
  startDate: string;
  /** The departure's own days before the start the balance falls due (null: the schedule's). */
  balanceDueDays: number | null;
  currency: CurrencyCode;
  /** Minor units still to pay (total less paid, never below 0). */
  outstanding: number;
  detailsComplete: boolean;
}

export type DueReminder =
  | { kind: 'balance'; key: string; dueDate: string; overdue: boolean }
  | { kind: 'details'; key: string; daysBefore: number }
  | { kind: 'final-documents'; key: string };

/** The window before departure inside which any reminder of the schedule may be due. */
export const reminderWindowDays = (schedule: ReminderSchedule): number =>
  Math.max(schedule.balanceDueDays + schedule.balanceReminderDays, schedule.finalDocumentsDays, ...schedule.detailsChaserDays);

/**
 * What is due for a settled customer's booking (not an agent's, not
 * cancelled: the caller's statement) on `today` ('YYYY-MM-DD'), before departure:
 * - the balance reminder from BALANCE_REMINDER_DAYS before the due date to the due date, while a balance is outstanding;
 *   the overdue reminder from the day after (the staff queue's 'balances-overdue' from the same day);
 * - the passenger details chaser of the stage departure is in (90, 60, 30 days...), while details are missing,
 *   on a Confirmed booking (the notifications modal's rule); a booking made late gets the current stage's only;
 * - the final documents from FINAL_DOCUMENTS_DAYS before departure, on a Confirmed booking with nothing left to pay.
 */
export function dueReminders(booking: ReminderCandidate, today: string, schedule: ReminderSchedule): DueReminder[] {
  const daysToStart = calendarDaysBetween(today, booking.startDate);
  if (daysToStart < 0) return [];
  const due: DueReminder[] = [];
  if (booking.outstanding > 0) {
    const dueDate = balanceDueDate(booking.startDate, balanceDueDaysFor(booking.balanceDueDays, schedule.balanceDueDays));
    const daysToDue = calendarDaysBetween(today, dueDate);
    if (daysToDue < 0) due.push({ kind: 'balance', key: `balance-reminder:${booking.id}:2`, dueDate, overdue: true });
    else if (daysToDue <= schedule.balanceReminderDays) due.push({ kind: 'balance', key: `balance-reminder:${booking.id}:1`, dueDate, overdue: false });
  }
  if (booking.status === 'Confirmed' && !booking.detailsComplete) {
    const stage = [...schedule.detailsChaserDays].sort((a, b) => a - b).find((days) => daysToStart <= days);
    if (stage !== undefined) due.push({ kind: 'details', key: `details-chaser:${booking.id}:${stage}`, daysBefore: stage });
  }
  if (booking.status === 'Confirmed' && booking.outstanding <= 0 && daysToStart <= schedule.finalDocumentsDays) {
    due.push({ kind: 'final-documents', key: `final-documents:${booking.id}` });
  }
  return due;
}
