import { adultNames, hasOutstandingBalance } from '@tours/domain/account/bookings';
import { isSettled } from '@tours/domain/booking/statuses';
import type { BookingDetail } from '@tours/domain/contracts/account';
import type { Payment } from '@tours/domain/contracts/payments';
import { formatLongDate } from '@tours/domain/dates';
import { formatAmount, normaliseCurrency } from '@tours/domain/money';
import { Notice } from '../../../components/ui/notice.tsx';
import { useRegionContact } from '../../../lib/region.ts';
import { MakeAPayment } from '../make-a-payment/make-a-payment.tsx';
import { ComponentsTable } from './components-table.tsx';
import { PaymentHistory } from './payment-history.tsx';

interface BookingSummaryTabProps {
  detail: BookingDetail;
  payments: readonly Payment[];
  /** A payment went through: the booking, the list and the payments are read again. */
  onPaid: () => void;
}

/** The Booking summary tab (spec section 2, Booked Item). */
export function BookingSummaryTab({ detail, payments, onPaid }: BookingSummaryTabProps) {
  const { booking, components, passengers } = detail;
  const names = adultNames(passengers);
  const total = booking.total_price;
  const outstanding = booking.outstanding_balance;
  // The API takes balance payments on settled bookings only (Confirmed or Optional, with a reference).
  const payable = isSettled({ status: booking.status, reference: booking.booking_reference });
  const { phone } = useRegionContact();
  return (
    <div className="booking-summary">
      <h2>Booking summary</h2>
      <dl className="booking-summary__facts">
        {names ? (
          <div>
            <dt>Passengers</dt>
            <dd>{names}</dd>
          </div>
        ) : null}
        {booking.confirmed_date ? (
          <div>
            <dt>Confirmed on</dt>
            <dd>{formatLongDate(booking.confirmed_date)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Status</dt>
          <dd>{booking.status}</dd>
        </div>
      </dl>

      <ComponentsTable components={components} />

      <dl className="booking-summary__totals">
        <div>
          <dt>Outstanding balance</dt>
          <dd>{formatAmount(outstanding.value, outstanding.currency)}</dd>
        </div>
        <div>
          <dt>Total cost</dt>
          <dd>{formatAmount(total.value, normaliseCurrency(total.currency_code))}</dd>
        </div>
      </dl>

      {!hasOutstandingBalance(booking) ? (
        <Notice tone="success" title="No outstanding balance" titleAs="h3" />
      ) : payable ? (
        <MakeAPayment booking={booking} onPaid={onPaid} />
      ) : (
        <Notice tone="info" title="Payments" titleAs="h3">
          <p>
            This booking is {booking.status.toLowerCase()}, so its balance cannot be paid online. Please contact us on {phone}.
          </p>
        </Notice>
      )}

      {payments.length > 0 ? <PaymentHistory payments={payments} /> : null}
    </div>
  );
}
