import { formatShortDate, isIsoDate, normaliseCurrency, SCREEN_TEXT } from '@tours/domain';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { useRegionContact } from '../../lib/region.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /book?tour=CODE&departure=YYYY-MM-DD[&currency=USD]. The stepped booking
 * flow (participants, travel arrangements & extras, accommodation, review &
 * payment, confirmation) is built here by the booking issue; this shell
 * already refuses an entry URL that cannot start a booking.
 */
export function BookPage() {
  useDocumentTitle('Book your tour');
  const [searchParams] = useSearchParams();
  const { phone } = useRegionContact();
  const tour = searchParams.get('tour')?.trim() ?? '';
  const departure = searchParams.get('departure')?.trim() ?? '';
  const currency = normaliseCurrency(searchParams.get('currency'));
  const canStart = tour !== '' && isIsoDate(departure);

  return (
    <div className="page">
      <h1>Book your tour</h1>
      {canStart ? (
        <div className="card">
          <p className="lede">
            Tour {tour}, departing {formatShortDate(departure)}, priced in {currency}.
          </p>
          <p>The booking steps open here: participants, travel arrangements &amp; extras, accommodation, and booking review &amp; payment.</p>
        </div>
      ) : (
        <Notice tone="warning" role="alert">
          <p>{SCREEN_TEXT.unableToInitiate(phone)}</p>
          <ButtonLink to="/tours" variant="secondary">
            Browse our tours
          </ButtonLink>
        </Notice>
      )}
    </div>
  );
}
