import { useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /account/booking/:id. The account issue adds the header card and the
 * Booking summary, Passenger information and Documents tabs (?tab=0..2).
 */
export function BookedItemPage() {
  const { id = '' } = useParams();
  useDocumentTitle(`Booking ${id}`);
  return (
    <div className="page">
      <h1>Your booking</h1>
      <div className="card">
        <p className="lede">Booking {id}</p>
        <p>The booking summary, passenger information and documents for this booking will be shown here.</p>
        <ButtonLink to="/account" variant="secondary">
          Back to your bookings
        </ButtonLink>
      </div>
    </div>
  );
}
