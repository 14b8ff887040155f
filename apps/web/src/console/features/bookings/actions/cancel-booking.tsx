import { cancelStaffBooking, getCancellationPreview, type CancellationPreview } from '@tours/domain/contracts/staff/cancellation';
import { useQuery } from '@tanstack/react-query';
import { Notice } from '../../../../components/ui/notice.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { staffCall } from '../../../lib/staff-api.ts';
import { bookingKeys } from '../api/bookings-api.ts';
import { day, money } from '../format.ts';
import { methodLabel } from '../labels.ts';
import { ReasonDialog } from './reason-dialog.tsx';

const daysWord = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** The preview in figures: the schedule's band, the charge, what was paid and what goes back from which payment. */
function PreviewFigures({ preview }: { preview: CancellationPreview }) {
  return (
    <>
      <p>
        Departure {day(preview.departure_date)}, {preview.days_before_departure >= 0 ? `${daysWord(preview.days_before_departure)} from today` : 'already past'}: <strong>{preview.band.label}</strong>.
      </p>
      <dl className="console-facts console-facts--money" aria-live="polite">
        <dt>Total</dt>
        <dd className="console-money">{money(preview.total)}</dd>
        <dt>Deposit</dt>
        <dd className="console-money">{money(preview.deposit)}</dd>
        <dt>Cancellation charge</dt>
        <dd className="console-money" data-figure="charge">
          {money(preview.charge)}
        </dd>
        <dt>Paid</dt>
        <dd className="console-money">{money(preview.paid)}</dd>
        <dt>Refund</dt>
        <dd className="console-money" data-figure="refund">
          {money(preview.refund)}
        </dd>
        {preview.owed.value > 0 ? (
          <>
            <dt>Still owed to us</dt>
            <dd className="console-money">{money(preview.owed)}</dd>
          </>
        ) : null}
      </dl>
      {preview.refunds.length > 0 ? (
        <>
          <p>The refund comes back from:</p>
          <ul className="console-list">
            {preview.refunds.map((share) => (
              <li key={share.payment_id}>
                {money(share.amount)} from payment {share.payment_reference} ({methodLabel(share.method)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>The booking’s places, rooms, flights, extras and nights are released and the customer is e-mailed.</p>
    </>
  );
}

/**
 * Cancelling with the operator's charges: the API's preview for today
 * first, to the penny, then the cancellation with the figures the member
 * saw. If a payment or refund changed them meanwhile the API refuses (409)
 * and the preview is read again, so the member confirms what is true now.
 */
export function CancelBookingDialog({ bookingId, onClose, onDone }: { bookingId: number; onClose: () => void; onDone: (message: string) => void }) {
  const preview = useQuery({
    queryKey: bookingKeys.cancellation(bookingId),
    queryFn: async ({ signal }) => (await staffCall(getCancellationPreview, { params: { booking: bookingId }, signal })).body.data,
    staleTime: 0,
  });
  const figures = preview.data;
  return (
    <ReasonDialog
      bookingId={bookingId}
      title="Cancel this booking?"
      dismissLabel="Keep the booking"
      confirmLabel={figures ? `Cancel, charging ${money(figures.charge)}` : 'Cancel the booking'}
      confirmDisabled={!figures || preview.isFetching}
      onClose={onClose}
      onDone={onDone}
      act={async (reason, idempotencyKey) => {
        if (!figures) throw new Error('No preview to confirm');
        let result;
        try {
          ({ data: result } = (
            await staffCall(cancelStaffBooking, {
              params: { booking: bookingId },
              body: { reason, expected: { charge: figures.charge.value, refund: figures.refund.value } },
              idempotencyKey,
            })
          ).body);
        } catch (error) {
          // The figures may have moved (a payment came in): the preview shows them as they are now before the next press.
          void preview.refetch();
          throw error;
        }
        return `The booking is cancelled with a charge of ${money(result.charge)}.${result.refund.value > 0 ? ` ${money(result.refund)} is being refunded.` : ''}${result.email_queued ? ' The customer is e-mailed.' : ''}`;
      }}
    >
      {preview.isPending ? <Spinner label="Working out the cancellation charge" /> : null}
      {preview.isError ? (
        <Notice tone="danger" role="alert" title="This booking cannot be cancelled now">
          <p>{preview.error.message}</p>
        </Notice>
      ) : null}
      {figures ? <PreviewFigures preview={figures} /> : null}
    </ReasonDialog>
  );
}
