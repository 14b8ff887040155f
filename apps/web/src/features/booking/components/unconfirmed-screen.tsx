import { SCREEN_TEXT } from '@tours/domain/messages';
import { useEffect, useRef } from 'react';
import { Notice } from '../../../components/ui/notice.tsx';
import { useRegionContact } from '../../../lib/region.ts';

/** The spec's unconfirmed text without its first words: an agent booking is confirmed without payment. */
export const UNCONFIRMED_WITHOUT_PAYMENT = 'We are unable to confirm your booking at this time. We will get in contact to confirm your booking soon.';

/**
 * Paid, but the booking could not be confirmed (spec section 2): the money is
 * recorded against the booking and staff follow it up. The visitor keeps the
 * booking number to quote and the number to call; nothing here invites a
 * second payment. Focus moves here, since it replaces the page they paid on.
 * A travel agent's booking took no payment, so its screen does not claim one.
 */
export function UnconfirmedScreen({ bookingId, paid = true }: { bookingId: number; paid?: boolean }) {
  const { phone, tel } = useRegionContact();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="availability-error-focus">
      <Notice tone="warning" title="Your booking is not yet confirmed" titleAs="h2" className="availability-error unconfirmed">
        <p>{paid ? SCREEN_TEXT.unconfirmed : UNCONFIRMED_WITHOUT_PAYMENT}</p>
        <p>
          Your booking number is <strong className="unconfirmed__id">{bookingId}</strong>. Please quote it if you contact us on{' '}
          <a href={`tel:${tel}`}>{phone}</a>.
        </p>
      </Notice>
    </div>
  );
}
