import { balanceDueSentence, formatAmount, formatLongDate, formatShortDate, outstandingBalance, SCREEN_TEXT, type CurrencyCode } from '@tours/domain';
import type { AppConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { sharedPlugin } from '../../lib/plugin.ts';
import { scheduleBackgroundJob } from '../../lib/background-job.ts';
import type { Instant } from '../../lib/clock.ts';
import { canonicalSiteUrl } from '../../lib/site-origin.ts';
import { formatDates, queueBookingNotice, type BookingNotice } from '../confirmation/index.ts';
import { documentHeading, documentRows, shownDocuments, TEMPLATES } from '../documents/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { optionalAwaitingStaff, reminderCandidates, type CandidateRow } from './candidates.ts';
import { dueReminders, reminderWindowDays, type DueReminder, type ReminderSchedule } from './due.ts';

export interface ReminderSettings extends ReminderSchedule {
  /** The site's origin the e-mails link to. */
  publicUrl: string;
  /** OPTION_REMINDER_HOURS. */
  optionReminderHours: number;
  /** OPERATIONS_EMAIL: where staff's reminders go. */
  operationsEmail: string;
}

export interface ReminderResult {
  balance: number;
  overdue: number;
  details: number;
  finalDocuments: number;
  options: number;
}

const accountPath = (bookingId: number) => `/account/booking/${bookingId}`;
const money = (amount: number, currency: CurrencyCode) => formatAmount(amount, currency, { pence: 'always' });

function tripFacts(row: CandidateRow): BookingNotice['facts'] {
  return [
    { label: 'Tour', values: [row.tourName] },
    { label: row.startDate === row.endDate ? 'Date' : 'Dates', values: [formatDates(row.startDate, row.endDate)] },
  ];
}

function balanceNotice(row: CandidateRow, reminder: Extract<DueReminder, { kind: 'balance' }>, today: string): BookingNotice {
  const outstanding = outstandingBalance(row.total, row.paid);
  const amount = money(outstanding, row.currency);
  return {
    subject: reminder.overdue
      ? `Your balance of ${amount} for booking ${row.reference} is overdue`
      : `Your balance of ${amount} for booking ${row.reference} is due by ${formatShortDate(reminder.dueDate)}`,
    preview: `${row.tourName}, ${formatDates(row.startDate, row.endDate)}.`,
    heading: reminder.overdue ? 'Your balance is overdue' : 'Your balance is due soon',
    paragraphs: [
      reminder.overdue
        ? `The balance of ${amount} was due by ${formatShortDate(reminder.dueDate)} and we have not yet received it.`
        : balanceDueSentence(outstanding, row.currency, reminder.dueDate, today, { pence: 'always' }),
      'You can pay it in your account, where your invoice is also ready to download. It is attached to this e-mail as a PDF.',
    ],
    facts: tripFacts(row),
    figures: {
      heading: 'Your balance',
      rows: [
        { label: 'Total price', value: money(row.total, row.currency) },
        { label: 'Paid', value: money(row.paid, row.currency) },
        { label: 'Outstanding balance', value: amount, strong: true },
        { label: 'Due date', value: formatShortDate(reminder.dueDate) },
      ],
    },
    closing: reminder.overdue ? ['If you have paid it in the last few days, thank you, and please disregard this reminder.'] : [],
    accountPath: accountPath(row.id),
  };
}

function detailsNotice(row: CandidateRow, reminder: Extract<DueReminder, { kind: 'details' }>): BookingNotice {
  return {
    subject: `Passenger details needed for booking ${row.reference}`,
    preview: `${row.tourName}, ${formatDates(row.startDate, row.endDate)}.`,
    heading: 'Details required soon',
    paragraphs: [
      SCREEN_TEXT.detailsRequiredSoon,
      `Your tour departs on ${formatLongDate(row.startDate)} (in ${reminder.daysBefore} days or less), and some details of this booking are still missing: a passenger's passport, insurance, joining information or arrival time, or where to send your final documents. Please complete them in your account's Passenger information tab.`,
    ],
    facts: tripFacts(row),
    figures: null,
    closing: [],
    accountPath: `${accountPath(row.id)}?tab=1`,
  };
}

function finalDocumentsNotice(row: CandidateRow, documents: readonly { template: string | null }[]): BookingNotice {
  return {
    subject: `Your travel documents for booking ${row.reference}`,
    preview: `${row.tourName}, ${formatDates(row.startDate, row.endDate)}.`,
    heading: 'Your travel documents',
    paragraphs: [
      'Your tour departs soon. Please find your final documents attached to this e-mail as PDFs:',
      documents.map((document) => documentHeading(document.template)).join(', '),
    ],
    facts: tripFacts(row),
    figures: null,
    closing: ['You can also download your documents from your account at any time.'],
    accountPath: `${accountPath(row.id)}?tab=2`,
  };
}

/** Queues one reminder (at most once: its key); answers whether this call queued it. */
async function queueReminder(db: Database, row: CandidateRow, reminder: DueReminder, today: string, settings: ReminderSettings): Promise<boolean> {
  const base = { bookingId: row.id, reference: row.reference, publicUrl: settings.publicUrl, messageKey: reminder.key };
  if (reminder.kind === 'balance') {
    const invoice = (await documentRows(db, row.id)).filter((document) => document.template === TEMPLATES.invoice);
    const queued = await db.transaction((tx) => queueBookingNotice(tx, { ...base, notice: () => balanceNotice(row, reminder, today), attachments: invoice }));
    return queued.messageId !== null;
  }
  if (reminder.kind === 'details') {
    const queued = await db.transaction((tx) => queueBookingNotice(tx, { ...base, notice: () => detailsNotice(row, reminder) }));
    return queued.messageId !== null;
  }
  const shown = await shownDocuments(db, row.id);
  const documents = (shown?.documents ?? []).filter((document) => document.template !== TEMPLATES.bookingRecord);
  if (documents.length === 0) return false;
  const queued = await db.transaction((tx) => queueBookingNotice(tx, { ...base, notice: () => finalDocumentsNotice(row, documents), attachments: documents }));
  return queued.messageId !== null;
}

/**
 * One run of the reminders job: queues every reminder due now on the
 * database's clock (`now`), each once per booking across replicas and runs
 * (its message key in the outbox; a replica that loses the race queues
 * nothing). The outbox relay sends them.
 */
export async function runReminders(db: Database, now: Instant, settings: ReminderSettings): Promise<ReminderResult> {
  const result: ReminderResult = { balance: 0, overdue: 0, details: 0, finalDocuments: 0, options: 0 };
  const { today, rows } = await reminderCandidates(db, now, reminderWindowDays(settings), settings.balanceReminderDays);
  for (const row of rows) {
    const sent = new Set(row.sentKeys ?? []);
    const candidate = { ...row, outstanding: outstandingBalance(row.total, row.paid), detailsComplete: !row.detailsIncomplete };
    for (const reminder of dueReminders(candidate, today, settings)) {
      if (sent.has(reminder.key)) continue;
      if (!(await queueReminder(db, row, reminder, today, settings))) continue;
      if (reminder.kind === 'balance') result[reminder.overdue ? 'overdue' : 'balance'] += 1;
      else result[reminder.kind === 'details' ? 'details' : 'finalDocuments'] += 1;
    }
  }
  for (const option of await optionalAwaitingStaff(db, now, settings.optionReminderHours)) {
    const id = await db.transaction((tx) =>
      enqueueMail(tx, {
        to: settings.operationsEmail,
        subject: `Optional booking ${option.reference} awaits confirmation`,
        text: [
          `Optional booking ${option.reference}${option.agentBooking ? " (a travel agent's)" : ''} has awaited confirmation for more than ${settings.optionReminderHours} hours.`,
          `Tour: ${option.tourName}, departing ${formatShortDate(option.startDate)}.`,
          'Please confirm or decline it in the staff console before its option lapses.',
          `The staff console's bookings: ${settings.publicUrl.replace(/\/+$/, '')}/admin/bookings`,
        ].join('\n\n'),
        bookingId: option.id,
        messageKey: `option-reminder:${option.id}`,
      }),
    );
    if (id !== null) result.options += 1;
  }
  return result;
}

/**
 * Runs the reminders every REMINDERS_INTERVAL_MS while the app runs (0:
 * never), on every replica: the message keys keep each reminder to one.
 */
export const remindersPlugin = sharedPlugin('reminders', async (app) => {
  scheduleBackgroundJob(app, 'reminders run', app.config.reminders.intervalMs, async () => {
    const result = await runReminders(app.db, app.clock.databaseNow(), remindersSettings(app.config));
    if (Object.values(result).some((count) => count > 0)) app.log.info(result, 'reminders queued');
  });
});

/** The job's settings from the app's configuration. */
export function remindersSettings(config: AppConfig): ReminderSettings {
  return {
    publicUrl: canonicalSiteUrl(config) ?? config.internalUrl,
    balanceDueDays: config.balances.dueDays,
    balanceReminderDays: config.reminders.balanceReminderDays,
    detailsChaserDays: config.reminders.detailsChaserDays,
    finalDocumentsDays: config.reminders.finalDocumentsDays,
    optionReminderHours: config.reminders.optionReminderHours,
    operationsEmail: config.reminders.operationsEmail,
  };
}
