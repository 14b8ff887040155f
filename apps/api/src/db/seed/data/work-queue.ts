import { ONLINE_MARKETING_SOURCE_ID, OTHER_MARKETING_SUBSOURCE_ID } from '@tours/domain';
import type { PostalAddress } from '../../json-types.ts';
import type { BookingSeed, PassengerSeed } from './types.ts';

/**
 * Bookings that need a person at the operator, one or more per queue of the
 * staff console's work queue (packages/domain/src/staff/queues.ts), so the
 * console is at work on `npm start`. They belong to a customer of their own,
 * not to the demo account, whose pages show one booking per account path.
 * Each is small (one or two travellers, on large departures or one closed to
 * online booking), so the places it takes change nothing a visitor would notice.
 */
const ADDRESS: PostalAddress = { line_1: '12 Canal Walk', line_2: '', city: 'Manchester', state: '', postal_code: 'M1 3LA', country: 'GBR' };

export const WORK_QUEUE_CUSTOMER = {
  email: 'edward.finch@example.com',
  title: 'Mr',
  forename: 'Edward',
  surname: 'Finch',
  telephone: '0161 496 0777',
  address: ADDRESS,
};

const EDWARD: PassengerSeed = {
  title: 'Mr',
  givenName: 'Edward',
  familyName: 'Finch',
  email: WORK_QUEUE_CUSTOMER.email,
  telephoneMobile: '07700 900777',
  dateOfBirth: '1962-03-09',
  address: ADDRESS,
};

const ROSA: PassengerSeed = { title: 'Mrs', givenName: 'Rosa', familyName: 'Finch', dateOfBirth: '1964-08-21' };

const MARKETING_ONLINE = { sourceId: ONLINE_MARKETING_SOURCE_ID, subsourceId: OTHER_MARKETING_SUBSOURCE_ID };
const base: Pick<BookingSeed, 'customerEmail' | 'currency' | 'marketing' | 'documents'> = {
  customerEmail: WORK_QUEUE_CUSTOMER.email,
  currency: 'GBP',
  marketing: MARKETING_ONLINE,
  documents: [],
};

export const WORK_QUEUE_BOOKINGS: BookingSeed[] = [
  {
    // Paid but unconfirmed: the places went to someone else while the card was being taken.
    ...base,
    reference: 'MER-482101',
    tourCode: 'OT-BAC',
    departureStartsInDays: 38,
    status: 'Unconfirmed',
    confirmedDaysAgo: 2,
    attention: 'places-gone',
    passengers: [EDWARD],
    selections: { flights: [], extras: [] },
    payments: [{ share: 'full', daysAgo: 2, status: 'succeeded', gatewayStatus: 'Captured' }],
  },
  {
    // A payment flagged: a second payment came in dollars on a booking priced in pounds.
    ...base,
    reference: 'MER-482102',
    tourCode: 'OT-BAC',
    departureStartsInDays: 38,
    status: 'Confirmed',
    confirmedDaysAgo: 20,
    attention: 'other-currency',
    passengers: [EDWARD, ROSA],
    selections: { flights: [], extras: [] },
    payments: [
      { share: 'full', daysAgo: 20, status: 'succeeded', gatewayStatus: 'Captured' },
      { share: { oneOff: 3_200 }, currency: 'USD', daysAgo: 6, status: 'succeeded', gatewayStatus: 'Captured' },
    ],
  },
  {
    // An Optional booking under five weeks from departure, paid, waiting for the operator's yes or no.
    ...base,
    reference: 'MER-482103',
    tourCode: 'OT-BAC',
    departureStartsInDays: 10,
    status: 'Optional',
    confirmedDaysAgo: 1,
    passengers: [EDWARD],
    selections: { flights: [], extras: [] },
    payments: [{ share: 'full', daysAgo: 1, status: 'succeeded', gatewayStatus: 'Captured' }],
  },
  {
    // A quote the site could not complete: no room left for the party in Florence.
    ...base,
    reference: 'MER-482104',
    tourCode: 'PG-FLO',
    departureStartsInDays: 180,
    status: 'Quote',
    confirmedDaysAgo: 3,
    quoteReason: 'rooms-sold-out',
    passengers: [EDWARD, ROSA],
    selections: { flights: [], extras: [] },
    payments: [],
  },
  {
    // A balance past its due date (90 days before departure): the deposit only, 60 days before, on the Bayreuth departure now closed to online booking.
    ...base,
    reference: 'MER-482105',
    tourCode: 'MF-BAY',
    departureStartsInDays: 60,
    status: 'Confirmed',
    confirmedDaysAgo: 120,
    passengers: [EDWARD, ROSA],
    selections: { flights: [], roomType: 'Double', extras: [] },
    payments: [{ share: 'deposit', daysAgo: 120, status: 'succeeded', gatewayStatus: 'Captured' }],
  },
  {
    // Its confirmation e-mail could not be delivered: the relay gave up on the address.
    ...base,
    reference: 'MER-482106',
    tourCode: 'OT-BAC',
    departureStartsInDays: 38,
    status: 'Confirmed',
    confirmedDaysAgo: 4,
    passengers: [{ ...EDWARD, email: 'edward.finch@example.com' }],
    selections: { flights: [], extras: [] },
    payments: [{ share: 'full', daysAgo: 4, status: 'succeeded', gatewayStatus: 'Captured' }],
    failedMail: { to: 'edward.finch@example.com', subject: 'Your booking MER-482106 is confirmed', error: '550 5.1.1 The mailbox does not exist' },
  },
];
