import type { StaffBookingDetail } from '@tours/domain/contracts/staff/booking-page';
import type { StaffPayment } from '@tours/domain/contracts/staff/money';
import { Fragment, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { useStaffMe } from '../../../lib/staff-session.ts';
import { RecordPaymentDialog } from '../actions/record-payment.tsx';
import { RefundDialog } from '../actions/refund.tsx';
import { dateOf, day, money } from '../format.ts';
import { methodLabel, statusWord } from '../labels.ts';

/** Every payment with its refunds under it, to the penny, and the refund and record-payment actions for finance. */
export function PaymentsSection({ detail, onDone }: { detail: StaffBookingDetail; onDone: (message: string) => void }) {
  const { permissions } = useStaffMe();
  const [refunding, setRefunding] = useState<StaffPayment | null>(null);
  const [recording, setRecording] = useState(false);
  const canRefund = permissions.includes('refunds.create');
  const canRecord = permissions.includes('payments.record');
  const done = (message: string) => {
    setRefunding(null);
    setRecording(false);
    onDone(message);
  };

  return (
    <section aria-labelledby="payments" className="console-panel">
      <div className="console-section-head">
        <h2 id="payments">Payments and refunds</h2>
        {canRecord ? (
          <Button variant="secondary" onClick={() => setRecording(true)}>
            Record an offline payment
          </Button>
        ) : null}
      </div>
      {detail.payments.length === 0 ? (
        <p className="console-hint">No payment has been made.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Payments and their refunds</caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Method</th>
                <th scope="col">Status</th>
                <th scope="col" className="console-num">
                  Amount
                </th>
                <th scope="col" className="console-num">
                  Left to refund
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.payments.map((payment) => (
                <Fragment key={payment.id}>
                  <tr>
                    <th scope="row" className="console-nowrap">
                      {payment.reference}
                    </th>
                    <td>
                      {methodLabel(payment.method)}, <span className="console-nowrap">{payment.received_on ? day(payment.received_on) : dateOf(payment.created_at)}</span>
                      {payment.payer_reference ? <span className="console-table__sub">Their reference {payment.payer_reference}</span> : null}
                    </td>
                    <td>
                      {statusWord(payment.status)}
                      {payment.in_booking_currency ? null : <span className="console-table__sub console-warning-text">Another currency than the booking’s</span>}
                    </td>
                    <td className="console-num console-money">{money(payment.amount)}</td>
                    <td className="console-num console-money">
                      {money(payment.refundable)}
                      {payment.refunded.value > 0 ? <span className="console-table__sub">{money(payment.refunded)} refunded</span> : null}
                      {payment.refund_pending.value > 0 ? <span className="console-table__sub">{money(payment.refund_pending)} under way</span> : null}
                      {/* The action sits with the figure it draws on, so the table keeps to a tablet's width. */}
                      {canRefund && payment.refundable.value > 0 ? (
                        <Button variant="secondary" className="console-table__action" onClick={() => setRefunding(payment)}>
                          Refund<span className="visually-hidden"> payment {payment.reference}</span>
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                  {payment.refunds.map((refund) => (
                    <tr key={`refund-${refund.id}`} className="console-table__child">
                      <th scope="row">
                        <span aria-hidden="true">↳ </span>
                        {refund.reference}
                      </th>
                      <td>
                        Refund, <span className="console-nowrap">{dateOf(refund.created_at)}</span>
                        <span className="console-table__sub">{refund.reason}</span>
                      </td>
                      <td>
                        {statusWord(refund.status)}
                        {refund.failure_reason ? <span className="console-table__sub console-warning-text">{refund.failure_reason}</span> : null}
                      </td>
                      <td className="console-num console-money">−{money(refund.amount)}</td>
                      <td />
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {refunding ? <RefundDialog bookingId={detail.booking.id} payment={refunding} onClose={() => setRefunding(null)} onDone={done} /> : null}
      {recording ? <RecordPaymentDialog bookingId={detail.booking.id} currency={detail.booking.currency} onClose={() => setRecording(false)} onDone={done} /> : null}
    </section>
  );
}
