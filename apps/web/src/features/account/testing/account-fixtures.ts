import type { AccountBooking, BookingDetail } from '@tours/domain/contracts/account';
import type { Component } from '@tours/domain/contracts/options';
import type { Payment } from '@tours/domain/contracts/payments';
import { toIsoDate } from '@tours/domain/dates';
import { minor } from '@tours/domain/money';
import { jsonResponse, mockRoutes } from '../../../test/fetch-mock.ts';

/** A calendar date `days` from today, as the API sends it. */
export const inDays = (days: number): string => toIsoDate(new Date(Date.now() + days * 86_400_000));

export function accountBooking(overrides: Partial<AccountBooking> = {}): AccountBooking {
  return {
    id: 101,
    booking_reference: 'MER-480153',
    status: 'Confirmed',
    confirmed_date: '2026-01-10T09:30:00.000Z',
    start_date: inDays(90),
    end_date: inDays(95),
    balance_due: inDays(30),
    principal_component_name: 'Vienna: Mozart and the Habsburgs',
    outstanding_balance: { value: minor(320_050), currency: 'GBP' },
    total_price: { value: minor(420_050), currency_code: 'GBP' },
    currency_code: 'GBP',
    details_complete: false,
    correspondence: null,
    ...overrides,
  };
}

/** The demo's four kinds: balance due, paid in full, past, cancelled. */
export const balanceBooking = accountBooking();
export const paidBooking = accountBooking({
  id: 102,
  booking_reference: 'MER-480297',
  principal_component_name: 'Sicily: Temples and Baroque',
  start_date: inDays(45),
  end_date: inDays(52),
  outstanding_balance: { value: minor(0), currency: 'USD' },
  total_price: { value: minor(510_000), currency_code: 'USD' },
  currency_code: 'USD',
  details_complete: true,
});
export const pastBooking = accountBooking({
  id: 103,
  booking_reference: 'MER-470861',
  principal_component_name: 'Sicily in Spring',
  start_date: inDays(-120),
  end_date: inDays(-113),
  outstanding_balance: { value: minor(0), currency: 'GBP' },
});
export const cancelledBooking = accountBooking({
  id: 104,
  booking_reference: 'MER-481020',
  principal_component_name: 'Concerts in Provence',
  status: 'Cancelled',
  start_date: inDays(30),
  end_date: inDays(34),
});

export const viennaComponents: Component[] = [
  { id: 1, name: 'Vienna: Mozart & the Habsburgs', component_type: 'Tour', price: { value: minor(189_500), currency_code: 'GBP' } },
  { id: 2, name: 'BA 702 Economy', component_type: 'Flight', price: { value: minor(0), currency_code: 'GBP' } },
  { id: 3, name: 'Additional night', component_type: 'AdditionalNight', price: { value: minor(12_000), currency_code: 'GBP' } },
  { id: 4, name: 'Welcome drinks', component_type: 'Extra', price: null },
];

export function bookingDetail(booking: AccountBooking = balanceBooking, components: Component[] = viennaComponents): BookingDetail {
  return {
    booking,
    components,
    passengers: [
      { id: 1, forename: 'Margaret', surname: 'Ashworth', type: 'Adult', address: null, apis: null, insurance: null, joining_information: null, arrival_time: null },
      { id: 2, forename: 'Thomas', surname: 'Ashworth', type: 'Adult', address: null, apis: null, insurance: null, joining_information: null, arrival_time: null },
      { id: 3, forename: 'Lily', surname: 'Ashworth', type: 'Child', address: null, apis: null, insurance: null, joining_information: null, arrival_time: null },
    ],
  };
}

export const payments: Payment[] = [
  {
    id: 7,
    payment_id: 'pay_second',
    reference: 'MER-480153-2',
    created_date: '2026-03-02T10:00:00.000Z',
    amount: { value: minor(25_050), currency: 'GBP' },
    detail: { gateway_status: 'Captured' },
    currency: 'GBP',
  },
  {
    id: 5,
    payment_id: 'pay_first',
    reference: 'MER-480153-1',
    created_date: '2026-01-10T09:30:00.000Z',
    amount: { value: minor(75_000), currency: 'GBP' },
    detail: { gateway_status: 'Captured' },
    currency: 'GBP',
  },
];

const failure = (status: number, code: string) => jsonResponse({ error: { code, message: `Failed with ${status}` } }, status);

type Answer = unknown | { status: number; code: string };
const isFailure = (answer: Answer): answer is { status: number; code: string } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && 'code' in answer;
const answer = (value: Answer) => (isFailure(value) ? failure(value.status, value.code) : jsonResponse(value));

/** The account calls answered from fixtures; pass `{ status, code }` for a failure. */
export function mockAccountApi(
  options: {
    list?: AccountBooking[] | { status: number; code: string };
    details?: Record<number, BookingDetail | { status: number; code: string }>;
    payments?: Record<number, Payment[] | { status: number; code: string }>;
  } = {},
) {
  const routes: Record<string, () => Response> = {
    '/api/account/bookings': () => answer(isFailure(options.list) ? options.list : { data: { items: options.list ?? [] } }),
  };
  // Read at each call, so a test can change an answer between calls.
  for (const id of Object.keys(options.details ?? {})) {
    routes[`/api/account/bookings/${id}`] = () => {
      const detail = options.details![Number(id)]!;
      return answer(isFailure(detail) ? detail : { data: detail });
    };
  }
  for (const id of Object.keys(options.payments ?? {})) {
    routes[`/api/account/bookings/${id}/payments`] = () => {
      const list = options.payments![Number(id)]!;
      return answer(isFailure(list) ? list : { data: { items: list } });
    };
  }
  return mockRoutes(routes);
}
