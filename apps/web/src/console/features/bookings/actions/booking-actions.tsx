import { markQueueItemDealtWith, resendConfirmationEmail, resolveBookingFlag } from '@tours/domain/contracts/staff/booking-care';
import type { StaffBookingDetail } from '@tours/domain/contracts/staff/booking-page';
import { confirmOptionalBooking, confirmUnconfirmedBooking, declineOptionalBooking, refundUnconfirmedBooking, type CancellationResult } from '@tours/domain/contracts/staff/cancellation';
import type { StaffPermission } from '@tours/domain/staff/permissions';
import { DEALT_WITH_LABELS, DEALT_WITH_QUEUES, STAFF_QUEUE_INFO, type DealtWithQueue } from '@tours/domain/staff/queues';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { staffCall } from '../../../lib/staff-api.ts';
import { useStaffMe } from '../../../lib/staff-session.ts';
import { money } from '../format.ts';
import { EditCorrespondenceDialog } from './edit-correspondence.tsx';
import { CancelBookingDialog } from './cancel-booking.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

type ActionId = 'cancel' | 'optional-confirm' | 'optional-decline' | 'unconfirmed-confirm' | 'unconfirmed-refund' | 'resolve-flag' | 'resend-confirmation' | 'correspondence' | DealtWithQueue;

interface ActionSpec {
  id: ActionId;
  label: string;
  permission: StaffPermission;
  /** Whether the booking, as it is, can take the action (the API checks again). */
  applies: (detail: StaffBookingDetail) => boolean;
}

/** Settled: Confirmed, or an Optional booking that was paid and has its reference. */
const settled = ({ booking }: StaffBookingDetail) => booking.status === 'Confirmed' || (booking.status === 'Optional' && booking.reference !== null);

const ACTIONS: readonly ActionSpec[] = [
  { id: 'optional-confirm', label: 'Confirm the Optional booking', permission: 'optional.decide', applies: ({ booking }) => booking.status === 'Optional' },
  { id: 'optional-decline', label: 'Decline the Optional booking', permission: 'optional.decide', applies: ({ booking }) => booking.status === 'Optional' },
  { id: 'unconfirmed-confirm', label: 'Confirm the booking', permission: 'unconfirmed.confirm', applies: ({ booking }) => booking.status === 'Unconfirmed' },
  { id: 'unconfirmed-refund', label: 'Refund in full and cancel', permission: 'unconfirmed.refund', applies: ({ booking }) => booking.status === 'Unconfirmed' },
  { id: 'resolve-flag', label: 'Resolve the flag', permission: 'flags.resolve', applies: ({ booking }) => booking.attention !== null },
  { id: 'resend-confirmation', label: 'Send the confirmation e-mail again', permission: 'messages.send', applies: settled },
  { id: 'correspondence', label: 'Change where the documents go', permission: 'passengers.edit', applies: ({ booking }) => booking.status !== 'Cancelled' },
  { id: 'cancel', label: 'Cancel the booking', permission: 'bookings.cancel', applies: settled },
  // The queues no other action ends: marked as dealt with once a person has done what they ask.
  ...DEALT_WITH_QUEUES.map((queue): ActionSpec => ({ id: queue, label: DEALT_WITH_LABELS[queue], permission: 'queue.deal', applies: ({ booking }) => booking.flags.includes(queue) })),
];

/** What marking each queue's item as dealt with asks and says. */
const DEALT_WITH_DIALOGS: Record<DealtWithQueue, { title: string; confirm: string; text: string; done: string }> = {
  'mail-failed': {
    title: 'Mark the undelivered e-mails as dealt with?',
    confirm: 'Mark as dealt with',
    text: `Say what was done instead: a telephone call, a letter, the address corrected and the e-mail sent again. The booking leaves '${STAFF_QUEUE_INFO['mail-failed'].label}'; an e-mail the relay gives up on later puts it back.`,
    done: 'The undelivered e-mails are marked as dealt with.',
  },
  'sold-out-quotes': {
    title: 'Mark the customer as called back?',
    confirm: 'Mark as called back',
    text: `Say what was offered. The quote leaves '${STAFF_QUEUE_INFO['sold-out-quotes'].label}'.`,
    done: 'The quote is marked as called back.',
  },
};

const ended = (result: CancellationResult, what: string) =>
  `${what}${result.refund.value > 0 ? ` ${money(result.refund)} is being refunded.` : ''}${result.email_queued ? ' The customer is e-mailed.' : ''}`;

/**
 * The decisions a booking may wait for, each shown only to members whose
 * roles allow it and only when the booking's status admits it. Money
 * actions on payments (refund, record) sit with the payments, passenger
 * edits with the passengers.
 */
export function BookingActions({ detail, onDone }: { detail: StaffBookingDetail; onDone: (message: string) => void }) {
  const { permissions } = useStaffMe();
  const [open, setOpen] = useState<ActionId | null>(null);
  const available = ACTIONS.filter((action) => permissions.includes(action.permission) && action.applies(detail));
  if (available.length === 0) return null;
  const id = detail.booking.id;
  const params = { booking: id };
  const close = () => setOpen(null);
  const done = (message: string) => {
    setOpen(null);
    onDone(message);
  };
  const dialog = (title: string, confirmLabel: string, text: ReactNode, act: (reason: string, key: string) => Promise<string>) => (
    <ReasonDialog bookingId={id} title={title} confirmLabel={confirmLabel} act={act} onClose={close} onDone={done}>
      {text}
    </ReasonDialog>
  );

  return (
    <section aria-labelledby="actions" className="console-panel console-booking-actions">
      <h2 id="actions">Actions</h2>
      <div className="console-actions">
        {available.map((action) => (
          <Button key={action.id} variant={action.id === 'cancel' || action.id.endsWith('decline') || action.id.endsWith('refund') ? 'secondary' : 'primary'} onClick={() => setOpen(action.id)}>
            {action.label}
          </Button>
        ))}
      </div>
      {open === 'cancel' ? <CancelBookingDialog bookingId={id} onClose={close} onDone={done} /> : null}
      {open === 'correspondence' ? <EditCorrespondenceDialog detail={detail} onClose={close} onDone={done} /> : null}
      {open === 'optional-confirm'
        ? dialog(
            'Confirm this Optional booking?',
            'Confirm the booking',
            <p>The availability checks are done: the booking becomes Confirmed and the customer gets the confirmation e-mail.</p>,
            async (reason, idempotencyKey) => {
              const { body } = await staffCall(confirmOptionalBooking, { params, body: { reason }, idempotencyKey });
              return `The booking ${body.data.reference} is confirmed.${body.data.email_queued ? ' The confirmation e-mail is on its way.' : ''}`;
            },
          )
        : null}
      {open === 'optional-decline'
        ? dialog(
            'Decline this Optional booking?',
            'Decline the booking',
            <p>The booking is cancelled with no charge: its places are released, everything paid is refunded and the customer is e-mailed.</p>,
            async (reason, idempotencyKey) => ended((await staffCall(declineOptionalBooking, { params, body: { reason }, idempotencyKey })).body.data, 'The Optional booking is declined.'),
          )
        : null}
      {open === 'unconfirmed-confirm'
        ? dialog(
            'Confirm this paid booking?',
            'Confirm the booking',
            <p>Its places are taken again if they are still free; it gets its reference, the flag is cleared and the customer gets the confirmation e-mail.</p>,
            async (reason, idempotencyKey) => {
              const { body } = await staffCall(confirmUnconfirmedBooking, { params, body: { reason }, idempotencyKey });
              return `The booking is confirmed as ${body.data.reference}.${body.data.email_queued ? ' The confirmation e-mail is on its way.' : ''}`;
            },
          )
        : null}
      {open === 'unconfirmed-refund'
        ? dialog(
            'Refund this booking in full and cancel it?',
            'Refund and cancel',
            <p>Everything paid ({money(detail.money.paid)}) goes back with no charge, the booking is cancelled and the customer is e-mailed.</p>,
            async (reason, idempotencyKey) => ended((await staffCall(refundUnconfirmedBooking, { params, body: { reason }, idempotencyKey })).body.data, 'The booking is cancelled.'),
          )
        : null}
      {open === 'resolve-flag'
        ? dialog(
            'Resolve the flag?',
            'Resolve the flag',
            <p>Make the money action it asks for first (a refund, say). The booking leaves the work queue: “{detail.booking.attention?.reason}”</p>,
            async (reason, idempotencyKey) => {
              await staffCall(resolveBookingFlag, { params, body: { reason }, idempotencyKey });
              return 'The flag is resolved.';
            },
          )
        : null}
      {open === 'mail-failed' || open === 'sold-out-quotes'
        ? dialog(DEALT_WITH_DIALOGS[open].title, DEALT_WITH_DIALOGS[open].confirm, <p>{DEALT_WITH_DIALOGS[open].text}</p>, async (reason, idempotencyKey) => {
            await staffCall(markQueueItemDealtWith, { params, body: { queue: open, reason }, idempotencyKey });
            return DEALT_WITH_DIALOGS[open].done;
          })
        : null}
      {open === 'resend-confirmation'
        ? dialog(
            'Send the confirmation e-mail again?',
            'Send the e-mail',
            <p>The booking confirmation, as it reads now and with its PDF, is e-mailed to the lead passenger.</p>,
            async (reason, idempotencyKey) => {
              const { body } = await staffCall(resendConfirmationEmail, { params, body: { reason }, idempotencyKey });
              return `The confirmation e-mail is on its way to ${body.data.to}.`;
            },
          )
        : null}
    </section>
  );
}
