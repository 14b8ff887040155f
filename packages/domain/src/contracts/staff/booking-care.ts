import { z } from 'zod/mini';
import { correspondenceSchema, PASSENGER_SECTIONS, passengerSectionSchemas, type PassengerSection } from '../../account/forms.ts';
import { VALIDATION } from '../../messages.ts';
import { staffReasonSchema } from '../../staff/reason.ts';
import { idempotencyHeadersSchema } from '../../staff/money.ts';
import { accountPassengerSchema, correspondenceRecordSchema } from '../account.ts';
import { bookingParamsSchema, dataEnvelope, defineEndpoint, isoDateTimeSchema } from '../common.ts';
import { idSchema } from '../../input-values.ts';
import { DEALT_WITH_MESSAGES, DEALT_WITH_QUEUES } from '../../staff/queues.ts';

/**
 * Looking after a booking for its customer (issue 26): passengers' details
 * saved on their behalf with the account area's own schemas and rules,
 * e-mails sent again, a flagged booking marked as dealt with. Every write
 * takes an Idempotency-Key and the reason, which the audit log keeps.
 */

/** One section of one passenger, as the account area saves it, and why staff changed it. */
export const staffPassengerUpdateSchema = z
  .object({ ...passengerSectionSchemas, reason: staffReasonSchema })
  .check(
    z.refine((body) => PASSENGER_SECTIONS.filter((key: PassengerSection) => body[key] !== undefined).length === 1, VALIDATION.oneSection),
  );

export const updateStaffPassenger = defineEndpoint({
  method: 'PATCH',
  path: '/staff/bookings/:booking/passengers/:passenger',
  params: z.extend(bookingParamsSchema, { passenger: idSchema }),
  body: staffPassengerUpdateSchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(accountPassengerSchema),
  auth: 'staff',
  permission: 'passengers.edit',
  summary:
    "Saves one section (apis, insurance, joining_information or arrival_time) of a passenger on the customer's behalf, with the account area's schemas and rules; audited with before and after " +
    '(passport numbers masked). 404 for a passenger not of the booking; 409 for a booking still being booked online (a Quote). Idempotency-Key required',
});

export const staffCorrespondenceUpdateSchema = z.object({ correspondence: correspondenceSchema, reason: staffReasonSchema });

export const updateStaffCorrespondence = defineEndpoint({
  method: 'PATCH',
  path: '/staff/bookings/:booking/correspondence',
  params: bookingParamsSchema,
  body: staffCorrespondenceUpdateSchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(correspondenceRecordSchema),
  auth: 'staff',
  permission: 'passengers.edit',
  summary: "Chooses where the booking's final documents go on the customer's behalf, with the account area's schema; audited. Idempotency-Key required",
});

/** An e-mail queued in the outbox; the relay sends it. */
export const queuedMessageSchema = z.object({
  message_id: z.number(),
  to: z.string(),
  subject: z.string(),
  queued_at: isoDateTimeSchema,
});

const reasonBodySchema = z.object({ reason: staffReasonSchema });

export const resendConfirmationEmail = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/resend-confirmation',
  params: bookingParamsSchema,
  body: reasonBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(queuedMessageSchema),
  auth: 'staff',
  permission: 'messages.send',
  summary:
    'Sends the booking confirmation e-mail again (as it reads now, with the booking confirmation attached): a new outbox message each time, once per Idempotency-Key. 409 unless the booking is settled (Confirmed, or Optional with its reference)',
});

export const resendBookingDocument = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/documents/:document/resend',
  params: z.extend(bookingParamsSchema, { document: idSchema }),
  body: reasonBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(queuedMessageSchema),
  auth: 'staff',
  permission: 'messages.send',
  summary: 'E-mails one of the documents the booking shows now to its lead passenger, attached: a new outbox message each time, once per Idempotency-Key. 404 for a document the booking does not show',
});

export const flagResolutionSchema = z.object({
  booking_id: z.number(),
  needs_attention: z.boolean(),
  /** The flag's reason as it was. */
  resolved: z.string(),
});

export const resolveBookingFlag = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/flags/resolve',
  params: bookingParamsSchema,
  body: reasonBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(flagResolutionSchema),
  auth: 'staff',
  permission: 'flags.resolve',
  summary:
    'Clears the booking’s needs-attention flag with the reason typed (the money action itself, a refund of an overpayment say, is made first with the refund call). 409 when it is not flagged. Idempotency-Key required',
});

export const queueItemDealtWithBodySchema = z.object({
  queue: z.enum(DEALT_WITH_QUEUES, { error: DEALT_WITH_MESSAGES.queueRequired }),
  reason: staffReasonSchema,
});

export const queueItemDealtWithSchema = z.object({
  booking_id: z.number(),
  queue: z.enum(DEALT_WITH_QUEUES),
  dealt_with_at: isoDateTimeSchema,
  /** The undelivered e-mails it covered (mail-failed); empty for a quote. */
  message_ids: z.array(z.number()),
});

export const markQueueItemDealtWith = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/dealt-with',
  params: bookingParamsSchema,
  body: queueItemDealtWithBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(queueItemDealtWithSchema),
  auth: 'staff',
  permission: 'queue.deal',
  summary:
    "Marks the booking's item of a queue no other action ends as dealt with, with the reason (audited): its e-mails the relay gave up on (mail-failed; one given up on later puts it back), or its quote for a sold-out room (sold-out-quotes, the customer called back). " +
    '409 when the booking is not in that queue. Idempotency-Key required',
});
