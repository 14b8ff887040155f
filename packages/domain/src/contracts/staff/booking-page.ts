import { z } from 'zod/mini';
import { BOOKING_STATUSES } from '../../booking/statuses.ts';
import { QUOTE_REASONS } from '../../booking/quote-reasons.ts';
import { CURRENCIES, moneySchema } from '../../money.ts';
import { ATTENTION_CODES } from '../../staff/attention.ts';
import { STAFF_QUEUES } from '../../staff/queues.ts';
import { stripHtml } from '../../text.ts';
import { dataEnvelope, defineEndpoint, isoDateSchema, isoDateTimeSchema } from '../common.ts';
import { idSchema, textChecks } from '../../input-values.ts';
import { idempotencyHeadersSchema } from '../../staff/money.ts';
import { staffPaymentSchema } from './money.ts';

/**
 * A booking's page in the staff console (permission bookings.read): what it
 * is made of, who travels, what was paid and refunded, its documents, the
 * e-mails sent about it, its history and the staff's internal notes.
 * Passport numbers and advance passenger information are shown only to
 * members holding passports.read, and their reading is audited; everyone
 * else sees that they were given, masked.
 */

export const staffBookingParamsSchema = z.object({ booking: idSchema });

const text = z.nullable(z.string());

export const staffAddressSchema = z.object({
  line_1: z.string(),
  line_2: text,
  line_3: text,
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

/** Passport details as the account area collects them (APIS). */
export const staffPassportDetailsSchema = z.object({
  document_type: z.string(),
  document_number: z.string(),
  nationality: z.string(),
  place_of_issue: z.string(),
  country_of_residence: z.string(),
  issue_date: z.string(),
  expiry_date: z.string(),
  place_of_birth: z.string(),
  date_of_birth: z.string(),
});

/** What shows of a passenger's passport: everything with passports.read, otherwise whether it was given and nothing of it. */
export const staffPassportSchema = z.object({
  provided: z.boolean(),
  /** The caller may not read passports: `details` is withheld. */
  masked: z.boolean(),
  details: z.nullable(staffPassportDetailsSchema),
});

export const staffInsuranceSchema = z.object({
  company_name: text,
  company_number: text,
  policy_number: text,
  description: text,
  start_date: text,
  expiry_date: text,
  next_of_kin: text,
  next_of_kin_relationship: text,
  emergency_number: text,
});

export const staffPassengerSchema = z.object({
  id: z.number(),
  position: z.number(),
  is_lead: z.boolean(),
  type: z.string(),
  title: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  email: text,
  telephone_home: text,
  telephone_mobile: text,
  date_of_birth: z.nullable(isoDateSchema),
  address: z.nullable(staffAddressSchema),
  do_not_email: z.boolean(),
  do_not_mail: z.boolean(),
  special_requests: text,
  passport: staffPassportSchema,
  insurance: z.nullable(staffInsuranceSchema),
  joining_information: text,
  arrival_time: text,
  /** Every section answered (passengerDetailsComplete, as the account area's warning icon). */
  details_complete: z.boolean(),
});
export type StaffPassenger = z.infer<typeof staffPassengerSchema>;

export const staffComponentSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  quantity: z.number(),
  unit_price: moneySchema,
  price: moneySchema,
});

export const staffDocumentSchema = z.object({
  id: z.number(),
  template: text,
  title: z.string(),
  /** The customer sees it in their account now (a paid invoice, a cancelled booking's documents do not show). */
  shown_to_customer: z.boolean(),
  /** The staff download (GET, the staff session's bearer); null when the document is not drawn for this booking now. */
  download_path: text,
});

export const staffMessageSummarySchema = z.object({
  id: z.number(),
  to: z.string(),
  cc: text,
  subject: z.string(),
  /** pending, sent or failed (the relay gave up). */
  status: z.string(),
  attempts: z.number(),
  last_error: text,
  created_at: isoDateTimeSchema,
  sent_at: z.nullable(isoDateTimeSchema),
});

export const staffMessageSchema = z.extend(staffMessageSummarySchema, {
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string() })),
});

export const AUDIT_ACTOR_KINDS = ['system', 'visitor', 'customer', 'agent', 'staff'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

const jsonObject = z.nullable(z.record(z.string(), z.unknown()));

export const staffHistoryEntrySchema = z.object({
  id: z.number(),
  occurred_at: isoDateTimeSchema,
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    /** 'System', 'Customer', 'Agent AG1001', or the staff member's name. */
    label: z.string(),
  }),
  action: z.string(),
  reason: text,
  before: jsonObject,
  after: jsonObject,
  detail: z.record(z.string(), z.unknown()),
});

export const BOOKING_NOTE_MAX = 2000;
export const BOOKING_NOTE_MESSAGES = {
  required: 'Write the note',
  tooLong: `A note may be at most ${BOOKING_NOTE_MAX} characters`,
  idempotencyKey: 'Send an Idempotency-Key header (a UUID) with every change',
  keyReused: 'This Idempotency-Key was used for another note',
} as const;

export const staffNoteSchema = z.object({
  id: z.number(),
  text: z.string(),
  created_at: isoDateTimeSchema,
  author: z.object({ id: z.number(), name: z.string() }),
});
export type StaffNote = z.infer<typeof staffNoteSchema>;

/** A note: free text, HTML stripped as in every free-text field (spec section 5), kept as typed otherwise. */
export const bookingNoteBodySchema = z.object({
  text: z.string({ error: BOOKING_NOTE_MESSAGES.required }).check(
    z.overwrite(stripHtml),
    ...textChecks({ max: BOOKING_NOTE_MAX, lines: true, required: BOOKING_NOTE_MESSAGES.required, maxMessage: BOOKING_NOTE_MESSAGES.tooLong }),
  ),
});

export const staffBookingDetailSchema = z.object({
  booking: z.object({
    id: z.number(),
    reference: text,
    booking_reference: z.string(),
    status: z.enum(BOOKING_STATUSES),
    currency: z.enum(CURRENCIES),
    created_at: isoDateTimeSchema,
    confirmed_date: z.nullable(isoDateTimeSchema),
    tour: z.object({ id: z.number(), code: z.string(), name: z.string() }),
    departure: z.object({ id: z.number(), start_date: isoDateSchema, end_date: isoDateSchema }),
    customer: z.nullable(z.object({ id: z.number(), email: z.string(), name: z.string() })),
    agent: z.nullable(z.object({ code: z.string(), name: z.string(), staff: z.nullable(z.object({ name: z.string(), email: z.string() })) })),
    /** Where final documents go; null until chosen. */
    correspondence: z.nullable(z.object({ send_to: z.string(), alternate_address: z.nullable(staffAddressSchema) })),
    attention: z.nullable(z.object({ code: z.enum(ATTENTION_CODES), reason: z.string() })),
    quote_reason: z.nullable(z.enum(QUOTE_REASONS)),
    flags: z.array(z.enum(STAFF_QUEUES)),
  }),
  money: z.object({
    total: moneySchema,
    paid: moneySchema,
    /** Total less paid; below zero when more was paid than the booking costs. */
    balance: moneySchema,
    /** What the customer can pay online now (a settled booking's positive balance). */
    outstanding: moneySchema,
    /** When the balance falls due (balanceDueDate of the departure). */
    balance_due_date: isoDateSchema,
  }),
  components: z.array(staffComponentSchema),
  passengers: z.array(staffPassengerSchema),
  payments: z.array(staffPaymentSchema),
  documents: z.array(staffDocumentSchema),
  messages: z.array(staffMessageSummarySchema),
  history: z.array(staffHistoryEntrySchema),
  notes: z.array(staffNoteSchema),
});
export type StaffBookingDetail = z.infer<typeof staffBookingDetailSchema>;

export const getStaffBooking = defineEndpoint({
  method: 'GET',
  path: '/staff/bookings/:booking',
  params: staffBookingParamsSchema,
  response: dataEnvelope(staffBookingDetailSchema),
  auth: 'staff',
  permission: 'bookings.read',
  summary:
    "A booking's page: components, passengers (passports only with passports.read, whose reading is audited), payments and refunds, documents, e-mails sent, history, notes, flags and the balance",
});

export const addStaffBookingNote = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/notes',
  params: staffBookingParamsSchema,
  body: bookingNoteBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(staffNoteSchema),
  auth: 'staff',
  permission: 'notes.write',
  summary:
    'Adds an internal note to the booking (audited). Idempotency-Key (a UUID) is required: the same key and text answer the note written first, another text with it 409',
});

export const getStaffBookingMessage = defineEndpoint({
  method: 'GET',
  path: '/staff/bookings/:booking/messages/:message',
  params: z.extend(staffBookingParamsSchema, { message: idSchema }),
  response: dataEnvelope(staffMessageSchema),
  auth: 'staff',
  permission: 'bookings.read',
  summary: 'One e-mail sent about the booking, with its text as sent',
});

export const downloadStaffBookingDocument = defineEndpoint({
  method: 'GET',
  path: '/staff/bookings/:booking/documents/:document',
  params: z.extend(staffBookingParamsSchema, { document: idSchema }),
  response: z.unknown(),
  responseType: 'file',
  auth: 'staff',
  permission: 'bookings.read',
  summary: "One of the booking's documents as the customer would get it now, drawn as a PDF (audited)",
});
