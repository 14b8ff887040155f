import {
  ATTENTION_REASONS,
  bookingOutstandingBalance,
  buildPath,
  documentTitle,
  downloadStaffBookingDocument,
  passengerDetailsComplete,
  type AuditActorKind,
  type CurrencyCode,
  type StaffBookingDetail,
  type StaffPassenger,
} from '@tours/domain';
import type { Correspondence, InsuranceDetails, PostalAddress } from '../../db/json-types.ts';
import { API_PREFIX } from '../../plugins/web.ts';
import { totalsFromLines } from '../bookings/index.ts';
import { isShown } from '../documents/index.ts';
import type { BookingPageRecord, HistoryRecord, NoteRecord, PassengerRecord } from './booking-page.ts';

/** A booking's page as the console reads it (StaffBookingDetail). */

const address = (stored: PostalAddress | null | undefined) =>
  stored
    ? {
        line_1: stored.line_1,
        line_2: stored.line_2 || null,
        line_3: stored.line_3 || null,
        city: stored.city,
        state: stored.state,
        postal_code: stored.postal_code,
        country: stored.country,
      }
    : null;

const insurance = (stored: InsuranceDetails | null) =>
  stored
    ? {
        company_name: stored.company_name || null,
        company_number: stored.company_number || null,
        policy_number: stored.policy_number || null,
        description: stored.description || null,
        start_date: stored.start_date || null,
        expiry_date: stored.expiry_date || null,
        next_of_kin: stored.next_of_kin || null,
        next_of_kin_relationship: stored.next_of_kin_relationship || null,
        emergency_number: stored.emergency_number || null,
      }
    : null;

const correspondence = (stored: Correspondence | null) =>
  stored ? { send_to: stored.send_to, alternate_address: stored.send_to === 'alternate_address' ? address(stored.alternate_address) : null } : null;

/**
 * A passenger as staff read them. Passport details (APIS) are given only to
 * a member who may read passports; anyone else learns whether they were
 * given, and nothing of them.
 */
export function presentPassenger(row: PassengerRecord, mayReadPassports: boolean): StaffPassenger {
  return {
    id: row.id,
    position: row.position,
    is_lead: row.isLead,
    type: row.type,
    title: row.title,
    given_name: row.givenName,
    family_name: row.familyName,
    email: row.email,
    telephone_home: row.telephoneHome,
    telephone_mobile: row.telephoneMobile,
    date_of_birth: row.dateOfBirth,
    address: address(row.address),
    do_not_email: row.doNotEmail,
    do_not_mail: row.doNotMail,
    special_requests: row.specialRequests,
    passport: { provided: row.apis !== null, masked: !mayReadPassports, details: mayReadPassports && row.apis ? { ...row.apis } : null },
    insurance: insurance(row.insurance),
    joining_information: row.joiningInformation?.joining_text ?? null,
    arrival_time: row.arrivalTime,
    details_complete: passengerDetailsComplete({
      apis: row.apis as never,
      insurance: row.insurance as never,
      joining_information: row.joiningInformation,
      arrival_time: row.arrivalTime,
    }),
  };
}

/** 'system', 'system:reconciliation', 'visitor', 'customer:12', 'agent:AG1001:3', 'staff:4': who, in a word and a label. */
export function presentActor(entry: Pick<HistoryRecord, 'actor' | 'staffName'>): { kind: AuditActorKind; label: string } {
  const [kind, ...rest] = entry.actor.split(':');
  switch (kind) {
    case 'staff':
      return { kind: 'staff', label: entry.staffName ?? `Staff member ${rest.join(':')}` };
    case 'customer':
      return { kind: 'customer', label: 'Customer' };
    case 'agent':
      return { kind: 'agent', label: rest[0] ? `Agent ${rest[0]}` : 'Agent' };
    case 'visitor':
      return { kind: 'visitor', label: 'Booking online' };
    default:
      return { kind: 'system', label: 'System' };
  }
}

const presentNote = (note: NoteRecord) => ({ id: note.id, text: note.text, created_at: note.createdAt.toISOString(), author: { id: note.authorId, name: note.authorName } });
export { presentNote };

export function presentBookingPage(record: BookingPageRecord, mayReadPassports: boolean): StaffBookingDetail {
  const { head } = record;
  const currency: CurrencyCode = head.currency;
  const money = (value: number) => ({ value: value as never, currency });
  const total = totalsFromLines(record.components, currency, head).details.total_price.value;
  // What amountPaid counts: payments taken in the booking's currency, less what was refunded or is being refunded of them.
  const paid = record.payments
    .filter((payment) => payment.status === 'succeeded' && payment.in_booking_currency)
    .reduce((sum, payment) => sum + payment.amount.value - payment.refunded.value - payment.refund_pending.value, 0);
  const outstanding = bookingOutstandingBalance(head, total, paid);
  const documentState = {
    status: head.status,
    reference: head.reference,
    outstanding,
    hasFlights: record.components.some((line) => line.componentType === 'Flight'),
  };
  return {
    booking: {
      id: head.id,
      reference: head.reference,
      booking_reference: head.reference ?? String(head.id),
      status: head.status,
      currency,
      created_at: head.createdAt.toISOString(),
      confirmed_date: head.confirmedDate?.toISOString() ?? null,
      tour: { id: head.tourId, code: head.tourCode, name: head.tourName },
      departure: { id: head.departureId, start_date: head.startDate, end_date: head.endDate },
      customer: head.customerId === null ? null : { id: head.customerId, email: head.customerEmail ?? '', name: head.customerName ?? '' },
      agent: head.agentCode === null ? null : { code: head.agentCode, name: head.agentName ?? '', staff: head.agentStaffName ? { name: head.agentStaffName, email: head.agentStaffEmail ?? '' } : null },
      correspondence: correspondence(head.correspondence),
      attention: head.needsAttention && head.attentionCode ? { code: head.attentionCode, reason: ATTENTION_REASONS[head.attentionCode] } : null,
      quote_reason: head.quoteReason,
      flags: head.flags,
    },
    money: { total: money(total), paid: money(paid), balance: money(total - paid), outstanding: money(outstanding), balance_due_date: head.balanceDueDate },
    components: record.components.map((line) => ({
      id: line.id,
      name: line.name,
      type: line.componentType,
      quantity: line.quantity,
      unit_price: money(line.unitPrice),
      price: money(line.price),
    })),
    passengers: record.passengers.map((row) => presentPassenger(row, mayReadPassports)),
    payments: record.payments,
    documents: record.documents.map((document) => {
      const shown = isShown(document.template, documentState);
      return {
        id: document.id,
        template: document.template,
        title: documentTitle(document.template),
        shown_to_customer: shown,
        download_path: shown ? `${API_PREFIX}${buildPath(downloadStaffBookingDocument.path, { booking: head.id, document: document.id })}` : null,
      };
    }),
    messages: record.messages.map((message) => ({
      id: message.id,
      to: message.to,
      cc: message.cc,
      subject: message.subject,
      status: message.status,
      attempts: message.attempts,
      last_error: message.lastError,
      created_at: message.createdAt.toISOString(),
      sent_at: message.sentAt?.toISOString() ?? null,
    })),
    history: record.history.map((entry) => ({
      id: Number(entry.id),
      occurred_at: entry.occurredAt.toISOString(),
      actor: presentActor(entry),
      action: entry.action,
      reason: entry.reason,
      before: entry.before,
      after: entry.after,
      detail: entry.detail,
    })),
    notes: record.notes.map(presentNote),
  };
}
