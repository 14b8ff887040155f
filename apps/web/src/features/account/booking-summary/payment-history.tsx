import type { Payment } from '@tours/domain/contracts/payments';
import { formatShortDate } from '@tours/domain/dates';
import { formatAmount } from '@tours/domain/money';

/** 'Payment history': every payment on the booking, newest first, as the API lists them. */
export function PaymentHistory({ payments }: { payments: readonly Payment[] }) {
  return (
    <section className="payment-history" aria-labelledby="payment-history-heading">
      <h3 id="payment-history-heading">Payment history</h3>
      <table className="account-table" aria-labelledby="payment-history-heading">
        <thead>
          <tr>
            <th scope="col">
              ID
            </th>
            <th scope="col">
              Reference
            </th>
            <th scope="col">
              Date
            </th>
            <th scope="col">
              Status
            </th>
            <th scope="col" className="account-table__money">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td data-label="ID">
                {payment.id}
              </td>
              <td data-label="Reference" className="account-table__reference">
                {payment.reference}
              </td>
              <td data-label="Date">
                {formatShortDate(payment.created_date)}
              </td>
              <td data-label="Status">
                {payment.detail.gateway_status}
              </td>
              <td data-label="Amount" className="account-table__money">
                {formatAmount(payment.amount.value, payment.amount.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
