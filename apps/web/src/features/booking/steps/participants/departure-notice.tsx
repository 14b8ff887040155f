import { bookingMode, NON_RESIDENTIAL_CUTOFF_HOURS, OPTIONAL_ONLY_DAYS } from '@tours/domain/booking/departure-rules';
import { isNonResidential } from '@tours/domain/brand-channels';
import { Notice } from '../../../../components/ui/notice.tsx';
import { useRegionContact } from '../../../../lib/region.ts';

const WEEKS = OPTIONAL_ONLY_DAYS / 7;

/**
 * The step 1 notice (spec sections 2 and 9): always how to book for more
 * people or several tours, then only the departure rule that applies to this
 * departure, so nobody reads about a rule that is not theirs.
 */
export function DepartureNotice({ brandChannel, departureDate }: { brandChannel: number; departureDate: string }) {
  const { phone, tel } = useRegionContact();
  const mode = bookingMode(brandChannel, departureDate);
  const nonResidential = isNonResidential(brandChannel);
  const call = (
    <a className="text-link" href={`tel:${tel}`}>
      {phone}
    </a>
  );

  return (
    <Notice tone="info" title="Before you start" titleAs="h3" className="participants__notice">
      <p>
        Online bookings are for one or two participants. To book for three or more participants, or to combine tours, please call us on{' '}
        {call}.
      </p>
      {nonResidential ? (
        mode === 'closed' ? (
          <p>
            This event starts in less than {NON_RESIDENTIAL_CUTOFF_HOURS} hours, so it can no longer be confirmed online. Please call us on{' '}
            {call}.
          </p>
        ) : (
          <p>Events without an overnight stay can be confirmed online up to {NON_RESIDENTIAL_CUTOFF_HOURS} hours before departure.</p>
        )
      ) : mode === 'optional' ? (
        <p>
          This departure is less than {WEEKS} weeks away, so it can only be booked as an optional booking while we check availability. We
          will contact you to confirm it.
        </p>
      ) : null}
    </Notice>
  );
}
