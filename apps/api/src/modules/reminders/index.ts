/**
 * Reminders: the e-mails that go by themselves (issue 28) — the balance
 * reminder and its overdue second, the passenger details chasers, the final
 * documents, and staff's reminder of an Optional booking awaiting them. It
 * owns no table: it reads bookings through their owners' read models and
 * queues each message once through the outbox (mail), worded as the other
 * booking notices (confirmation). Nothing imports it but app.ts.
 */
export { remindersPlugin, remindersSettings, runReminders, type ReminderResult } from './run.ts';
