import { OPERATOR } from '@tours/domain';
import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

/** The operator's own domain, from its enquiry address (as mail.ts's default From). */
const OPERATOR_MAIL_DOMAIN = OPERATOR.enquiryUrl.replace(/^mailto:/, '').split('@')[1] ?? 'example.com';

/** '90,60,30': whole days before departure, each once, largest first. */
const dayListSchema = z
  .string()
  .default('90,60,30')
  .transform((text, ctx) => {
    const days = text.split(/[\s,]+/).filter(Boolean).map(Number);
    if (days.some((day) => !Number.isInteger(day) || day < 1 || day > 365)) {
      ctx.addIssue({ code: 'custom', message: 'Use whole numbers of days from 1 to 365, separated by commas (90,60,30)' });
      return z.NEVER;
    }
    return [...new Set(days)].sort((a, b) => b - a);
  });

export const reminders = defineSlice({
  title: 'Reminders',
  summary:
    "The e-mails the reminders job sends by itself (modules/reminders), each once per booking across replicas, judged by the database's clock as the operator's calendar date. None goes for a cancelled booking, nor to the client of a travel agent's booking (the agency settles with us).",
  settings: {
    reminders: {
      balanceReminderDays: setting(
        'BALANCE_REMINDER_DAYS',
        z.coerce.number().int().min(1).max(365).default(14),
        'Days before the balance due date (`BALANCE_DUE_DAYS`) the customer is sent a reminder of the outstanding balance with the invoice PDF; a second reminder goes the day after the due date if it is still unpaid',
      ),
      detailsChaserDays: setting(
        'DETAILS_CHASER_DAYS',
        dayListSchema,
        'Days before departure the lead passenger is asked to complete missing passenger details (the notifications modal\'s rule), comma-separated; none once they are complete',
      ),
      finalDocumentsDays: setting(
        'FINAL_DOCUMENTS_DAYS',
        z.coerce.number().int().min(1).max(365).default(14),
        "Days before departure the booking's documents (itinerary and the others it shows) are e-mailed, once its balance is paid",
      ),
      optionReminderHours: setting(
        'OPTION_REMINDER_HOURS',
        z.coerce.number().int().min(1).max(8760).default(48),
        'Hours an Optional booking may await staff confirmation before operations are reminded to confirm or decline it (`OPERATIONS_EMAIL`)',
      ),
      operationsEmail: setting(
        'OPERATIONS_EMAIL',
        z.email().default(`operations@${OPERATOR_MAIL_DOMAIN}`),
        "Where reminders for staff go (an Optional booking awaiting confirmation); by default operations@ the operator's domain",
      ),
    },
  },
});
