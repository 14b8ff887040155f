import { departureBookableOnline } from '@tours/domain';

/** The domain's availability wording and rule, under the names the pages read them by. */
export { ON_REQUEST, placesLabel, roomsLeftLabel } from '@tours/domain';
export const bookableOnline = departureBookableOnline;
