import { OPERATOR } from '@tours/domain/operator';
import { DEPOSIT_PERCENT } from '@tours/domain/pricing/deposit';
import { useRegionContact } from '../../lib/region.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * The booking conditions the review step asks visitors to accept. The figures
 * that the site enforces (deposit, participants, timings) come from the domain
 * rules, so the page can never promise something the booking flow does not do.
 */
export function TermsPage() {
  useDocumentTitle('Booking conditions');
  const { phone } = useRegionContact();
  return (
    <div className="page page--narrow prose">
      <h1>Booking conditions</h1>
      <p>
        These conditions apply to every booking made with {OPERATOR.companyName}, online or by telephone. Please read them before you
        confirm a booking.
      </p>
      <h2>Your booking</h2>
      <ul>
        <li>Online bookings are for one or two participants. For three or more participants, or to combine tours, please call us on {phone}.</li>
        <li>A booking is confirmed when we have received your payment and sent you a booking reference.</li>
        <li>Departures less than five weeks away are booked as optional, subject to availability checks by our team.</li>
        <li>Non-residential events (lecture afternoons, day trips, concerts and online talks) can be confirmed online up to 72 hours before they start.</li>
      </ul>
      <h2>Payment</h2>
      <ul>
        <li>A deposit of {DEPOSIT_PERCENT}% of the total price secures your place on residential tours, unless the departure asks for another deposit, which the review of your booking shows before you pay. Day trips and online talks are paid in full.</li>
        <li>The balance is due by the date named when you choose to pay a deposit, and on your confirmation, documents and account; you can pay it at any time in your account.</li>
        <li>Promotional codes reduce the total price and are paid with the full amount. One code may be used on a booking.</li>
        <li>Card payments are taken by our payment provider. We never see or store your full card number.</li>
      </ul>
      <h2>Before you travel</h2>
      <ul>
        <li>Please complete your passport, insurance and travel details in your account at least 3 months (90 days) before departure.</li>
        <li>You are responsible for holding a valid passport, any visas and travel insurance for the whole tour.</li>
      </ul>
      <h2 id="travel-agents">Travel agents</h2>
      <ul>
        <li>A verified travel agent may book on behalf of a client, who is named as the lead participant and receives the confirmation e-mail, copied to the agent.</li>
        <li>An agent booking is confirmed without payment online. The outstanding balance is settled through the agent, who agrees the final booking rates with their client.</li>
      </ul>
      <h2>Questions</h2>
      <p>
        Our team is happy to help: call us on {phone}.
      </p>
    </div>
  );
}
