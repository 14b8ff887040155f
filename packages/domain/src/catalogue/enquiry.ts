import { formatShortDate } from '../dates.ts';
import { OPERATOR } from '../operator.ts';

/**
 * The enquiry for a departure that cannot be booked online ('This tour is on
 * request', spec section 2): a mailto link with the tour's name and code
 * filled in, so the enquiry arrives with what it is about. `start` is the
 * departure's date or date-time.
 */
export function enquiryHref(tour: { name: string; code: string; start: string }): string {
  const subject = `Enquiry: ${tour.name} (${tour.code})`;
  const body = `I would like to enquire about ${tour.name} (${tour.code}), departing ${formatShortDate(tour.start)}.`;
  return `${OPERATOR.enquiryUrl}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
