import { ONLINE_MARKETING_SOURCE_ID, OTHER_MARKETING_SUBSOURCE_ID } from '@tours/domain';
import type { PostalAddress } from '../../json-types.ts';
import type { BookingSeed, PassengerSeed } from './types.ts';

const HOME: PostalAddress = {
  line_1: '7 Orchard Row',
  line_2: 'Clifton',
  city: 'Bristol',
  state: 'Avon',
  postal_code: 'BS8 4XX',
  country: 'GBR',
};

/** The demo account: sign in as demo@example.com to see every kind of booking. */
export const DEMO_CUSTOMER = {
  email: 'demo@example.com',
  title: 'Mrs',
  forename: 'Margaret',
  surname: 'Ashworth',
  telephone: '0117 496 0123',
  address: HOME,
};

const MARGARET: PassengerSeed = {
  title: 'Mrs',
  givenName: 'Margaret',
  familyName: 'Ashworth',
  email: DEMO_CUSTOMER.email,
  telephoneHome: '0117 496 0123',
  telephoneMobile: '07700 900123',
  dateOfBirth: '1958-04-12',
  address: HOME,
};

const THOMAS: PassengerSeed = {
  title: 'Mr',
  givenName: 'Thomas',
  familyName: 'Ashworth',
  telephoneMobile: '07700 900456',
  dateOfBirth: '1956-11-02',
};

const MARGARET_PASSPORT = {
  document_type: 'Passport',
  document_number: '925076473',
  nationality: 'GBR',
  place_of_issue: 'HM Passport Office',
  country_of_residence: 'GBR',
  issue_date: '2019-06-14',
  expiry_date: '2029-06-14',
  place_of_birth: 'Bath',
  date_of_birth: '1958-04-12',
};

const MARKETING_ONLINE = { sourceId: ONLINE_MARKETING_SOURCE_ID, subsourceId: OTHER_MARKETING_SUBSOURCE_ID };

/**
 * The demo customer's bookings, one per account-area path: balance due,
 * fully paid, archived (past) and cancelled. Amounts are computed from the
 * catalogue prices at seeding, so they always add up.
 */
export const DEMO_BOOKINGS: BookingSeed[] = [
  {
    reference: 'MER-480153',
    customerEmail: DEMO_CUSTOMER.email,
    tourCode: 'MHW-VIE',
    departureStartsInDays: 90,
    currency: 'GBP',
    status: 'Confirmed',
    confirmedDaysAgo: 35,
    marketing: MARKETING_ONLINE,
    passengers: [
      {
        ...MARGARET,
        specialRequests: 'A quiet room away from the lift, please.',
        apis: MARGARET_PASSPORT,
        insurance: {
          company_name: 'Cabot Mutual Travel',
          company_number: '0117 496 0999',
          policy_number: 'CMT-55120-88',
          description: 'Annual multi-trip, European cover',
          start_date: '2025-01-01',
          expiry_date: '2030-12-31',
          next_of_kin: 'Eleanor Ashworth',
          next_of_kin_relationship: 'Daughter',
          emergency_number: '07700900789',
        },
      },
      THOMAS,
    ],
    selections: {
      flights: ['BA 702 Economy', 'OS 457 Economy'],
      roomType: 'Double',
      extras: ['Private visit to the Spanish Riding School', 'Welcome drinks at the Mozarthaus'],
      additionalNight: true,
    },
    // The deposit at booking and a part of the balance since: the rest is outstanding.
    payments: [
      { share: 'deposit', daysAgo: 35, status: 'succeeded', gatewayStatus: 'Captured' },
      { share: { oneOff: 50_000 }, daysAgo: 12, status: 'succeeded', gatewayStatus: 'Captured' },
    ],
    // What confirmation issues (a balance is due, with flights), staff's itinerary, their internal record (hidden by the web) and a hand-made document.
    documents: ['CustomerInvoice', 'BalanceReminder3', 'ATOLPackage', 'ItineraryPack', 'Additional11', null],
  },
  {
    reference: 'MER-480297',
    customerEmail: DEMO_CUSTOMER.email,
    tourCode: 'TSG-SIC',
    departureStartsInDays: 45,
    currency: 'USD',
    status: 'Confirmed',
    confirmedDaysAgo: 150,
    marketing: { sourceId: 20, subsourceId: 202 },
    passengers: [{ ...MARGARET, apis: MARGARET_PASSPORT, joiningText: 'Staying with friends in Catania the night before.' }],
    selections: { flights: ['BA 2590 Economy'], roomType: 'Single', extras: [] },
    payments: [
      { share: 'deposit', daysAgo: 150, status: 'succeeded', gatewayStatus: 'Captured' },
      { share: 'balance', daysAgo: 60, status: 'succeeded', gatewayStatus: 'Captured' },
    ],
    // Paid in full: the invoice is no longer shown.
    documents: ['CustomerInvoice', 'BalanceReminder3', 'ATOLPackage', 'ItineraryPack', 'Additional11'],
  },
  {
    reference: 'MER-470861',
    customerEmail: DEMO_CUSTOMER.email,
    tourCode: 'TSG-SIC',
    departureStartsInDays: -120,
    currency: 'GBP',
    status: 'Confirmed',
    confirmedDaysAgo: 300,
    marketing: { sourceId: 10, subsourceId: 101 },
    passengers: [
      { ...MARGARET, apis: MARGARET_PASSPORT, arrivalTime: 'Travelling with the group from Gatwick.' },
      { ...THOMAS, arrivalTime: 'Travelling with the group from Gatwick.' },
    ],
    selections: { flights: ['BA 2590 Economy'], roomType: 'Twin', extras: [] },
    payments: [
      { share: 'deposit', daysAgo: 300, status: 'succeeded', gatewayStatus: 'Captured' },
      { share: 'balance', daysAgo: 190, status: 'succeeded', gatewayStatus: 'Captured' },
    ],
    documents: ['CustomerInvoice', 'BalanceReminder3', 'ATOLPackage', 'ItineraryPack'],
  },
  {
    reference: 'MER-481020',
    customerEmail: DEMO_CUSTOMER.email,
    tourCode: 'CO-PRO',
    departureStartsInDays: 30,
    currency: 'GBP',
    status: 'Cancelled',
    confirmedDaysAgo: 70,
    marketing: MARKETING_ONLINE,
    passengers: [MARGARET, THOMAS],
    selections: { flights: [], roomType: 'Double', extras: [] },
    payments: [{ share: 'full', daysAgo: 70, status: 'refunded', gatewayStatus: 'Refunded' }],
    // Cancelled: its documents are no longer shown.
    documents: ['CustomerInvoice', 'BalanceReminder3'],
  },
];
