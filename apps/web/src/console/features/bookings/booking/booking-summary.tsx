import { QUOTE_REASON_LABELS } from '@tours/domain/booking/quote-reasons';
import type { StaffBookingDetail } from '@tours/domain/contracts/staff/booking-page';
import { STAFF_QUEUE_INFO } from '@tours/domain/staff/queues';
import { Notice } from '../../../../components/ui/notice.tsx';
import { day, moment, money } from '../format.ts';
import { SEND_TO_LABELS } from '../labels.ts';
import { addressLines } from './address.ts';

const SEND_TO_WORDS: Record<string, string> = SEND_TO_LABELS;

/** Why the booking needs a person, what it is, who booked it, and its money: the top of the booking's page. */
export function BookingSummary({ detail }: { detail: StaffBookingDetail }) {
  const { booking, money: figures } = detail;
  const correspondence = booking.correspondence;
  return (
    <section aria-labelledby="summary" className="console-panel console-summary">
      <h2 id="summary">Summary</h2>
      {booking.attention || booking.flags.length > 0 ? (
        <Notice tone="warning" title="Needs attention" titleAs="h3">
          {booking.attention ? <p>{booking.attention.reason}</p> : null}
          {booking.flags.length > 0 ? <p>In the work queue: {booking.flags.map((queue) => STAFF_QUEUE_INFO[queue].label).join('; ')}.</p> : null}
        </Notice>
      ) : null}
      <div className="console-summary__columns">
        <div>
          <h3>The booking</h3>
          <dl className="console-facts">
            <dt>Tour</dt>
            <dd>
              {booking.tour.code}: {booking.tour.name}
            </dd>
            <dt>Departure</dt>
            <dd>
              {day(booking.departure.start_date)} to {day(booking.departure.end_date)}
            </dd>
            <dt>Booking id</dt>
            <dd>{booking.id}</dd>
            <dt>Booked</dt>
            <dd>{moment(booking.created_at)}</dd>
            {booking.confirmed_date ? (
              <>
                <dt>Confirmed</dt>
                <dd>{moment(booking.confirmed_date)}</dd>
              </>
            ) : null}
            <dt>Customer</dt>
            <dd>{booking.customer ? `${booking.customer.name} (${booking.customer.email})` : 'No customer account'}</dd>
            {booking.agent ? (
              <>
                <dt>Agent</dt>
                <dd>
                  {booking.agent.code}: {booking.agent.name}
                  {booking.agent.staff ? ` (${booking.agent.staff.name}, ${booking.agent.staff.email})` : ''}
                </dd>
              </>
            ) : null}
            <dt>Documents go to</dt>
            <dd>
              {correspondence ? (SEND_TO_WORDS[correspondence.send_to] ?? correspondence.send_to) : 'Not chosen yet'}
              {correspondence?.alternate_address ? `: ${addressLines(correspondence.alternate_address).join(', ')}` : ''}
            </dd>
            {booking.quote_reason ? (
              <>
                <dt>Quote because</dt>
                <dd>{QUOTE_REASON_LABELS[booking.quote_reason]}</dd>
              </>
            ) : null}
          </dl>
        </div>
        <div>
          <h3>Money</h3>
          <dl className="console-facts console-facts--money">
            <dt>Total</dt>
            <dd className="console-money">{money(figures.total)}</dd>
            <dt>Paid</dt>
            <dd className="console-money">{money(figures.paid)}</dd>
            <dt>{figures.balance.value < 0 ? 'Paid too much' : 'Balance'}</dt>
            <dd className="console-money">{money(figures.balance)}</dd>
            <dt>Payable online now</dt>
            <dd className="console-money">{money(figures.outstanding)}</dd>
            <dt>Balance due</dt>
            <dd>{day(figures.balance_due_date)}</dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
