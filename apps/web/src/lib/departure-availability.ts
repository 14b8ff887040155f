import { departureBookableOnline } from '@tours/domain/contracts/catalogue';

/** The domain's availability wording and rule, under the names the pages read them by. */
export { ON_REQUEST, placesLabel, roomsLeftLabel } from '@tours/domain/catalogue/availability-labels';
export const bookableOnline = departureBookableOnline;
