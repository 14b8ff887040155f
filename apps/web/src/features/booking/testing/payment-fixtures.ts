import type { AppliedPromotion, PaymentDetails, PostPaymentDetails } from '@tours/domain/contracts/booking';
import type { PaymentToken } from '@tours/domain/contracts/payment-token';
import type { PrePaymentDetails } from '@tours/domain/contracts/selections';
import type { MinorUnits } from '@tours/domain/money';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { useBookingStore, type LeadContact } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import { ACTIVE, BOOKING_TOUR, DETAILS, PASSENGERS, QUERY } from './booking-fixtures.ts';

/** Test data and stand-ins for review and payment: the API's payment calls (the provider's SDK is test/card-provider.ts). */

export const LEAD_CONTACT: LeadContact = {
  email: 'margaret.hale@example.com',
  address: { line_1: '10 Downing Street', line_2: '', line_3: '', city: 'London', state: 'Greater London', postal_code: 'SW1A 2AA', country: 'GBR' },
};

export const tokenAnswer = (n: number): PaymentToken => ({
  token: `ptok_${n}`,
  script_url: 'http://localhost/pay/sdk.js',
  origin: 'http://localhost',
  expires_at: '2030-01-01T00:00:00.000Z',
});

export const DAY_TRIP_DETAILS: PrePaymentDetails = {
  total_price: { currency_code: 'GBP', value: 14_500 as MinorUnits },
  deposit: { currency_code: 'GBP', value: 0 as MinorUnits },
  deposit_percent: 0,
  balance_due: '2026-12-04',
  breakdown: { ...DETAILS.breakdown, price_per_person: 14_500 as MinorUnits, participants: 1, flights: 0 as MinorUnits, extras: 0 as MinorUnits, accommodation: 0 as MinorUnits },
  lines: [{ kind: 'tour', label: 'Greenwich: Wren and the Observatory', quantity: 1, unit_price: 14_500 as MinorUnits, amount: 14_500 as MinorUnits }],
};

export const PROMOTION: AppliedPromotion = {
  promotion: { id: 19, name: 'Promotional code WELCOME100', component_type: 'PromotionalCode', price: { value: -10_000 as MinorUnits, currency_code: 'GBP' } },
  details: {
    total_price: { currency_code: 'GBP', value: 424_000 as MinorUnits },
    deposit: { currency_code: 'GBP', value: 63_600 as MinorUnits },
    deposit_percent: 15,
    balance_due: '2026-12-04',
    breakdown: { ...DETAILS.breakdown, discount: -10_000 as MinorUnits },
    lines: [
      ...DETAILS.lines,
      { kind: 'promotion', label: 'Promotional code WELCOME100', quantity: 1, unit_price: -10_000 as MinorUnits, amount: -10_000 as MinorUnits },
    ],
  },
};

/** A booking at review with the server's totals, as the flow leaves it. */
export function seedReview(details: PrePaymentDetails = DETAILS): void {
  useBookingStore.setState({
    origin: QUERY,
    step: '4a',
    direction: 'forward',
    activeBooking: { ...ACTIVE, expiresAt: Date.now() + 3_600_000 },
    passengers: PASSENGERS,
    leadContact: LEAD_CONTACT,
    summary: { mainProduct: BOOKING_TOUR, roomChoice: null, flightChoice: {} },
  });
  usePaymentStore.getState().setPrePaymentDetails(details);
}

export interface PaymentApiOptions {
  confirm?: () => Response | Promise<Response>;
  promotion?: (code: string) => Response;
  token?: () => Response;
  /** GET /bookings/payment-details; by default the server agrees with what the page holds. */
  paymentDetails?: () => Response | Promise<Response>;
  /** GET /bookings/settlement; by default nothing is settled yet. */
  settlement?: () => Response | Promise<Response>;
}

/** The figures the page holds, as GET /bookings/payment-details would answer them. */
export function heldFigures(): PaymentDetails {
  const { prePaymentDetails, promotion } = usePaymentStore.getState();
  if (!prePaymentDetails) throw new Error('No figures held');
  return { details: prePaymentDetails, promotion };
}

export interface RecordedCall {
  path: string;
  body: Record<string, unknown> | null;
}

/** The payment calls of the API; every call is recorded. */
export function mockPaymentApi(options: PaymentApiOptions = {}) {
  const calls: RecordedCall[] = [];
  let tokens = 0;
  const fetchMock = mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    calls.push({ path, body });
    if (path === '/api/bookings/payments/token') return options.token?.() ?? jsonResponse({ data: tokenAnswer(++tokens) }, 201);
    if (path === '/api/bookings/confirm') {
      return options.confirm?.() ?? jsonResponse({ data: { status: 'confirmed', reference: 'MER-480153' } satisfies PostPaymentDetails });
    }
    if (path === '/api/bookings/promotion') return options.promotion?.(String(body?.code)) ?? jsonResponse({ data: PROMOTION });
    if (path === '/api/bookings/payment-details') return options.paymentDetails?.() ?? jsonResponse({ data: heldFigures() });
    if (path === '/api/bookings/settlement') return options.settlement?.() ?? jsonResponse({ data: { outcome: null } });
    return jsonResponse({ error: { code: 'NOT_FOUND', message: `No mock for ${path}` } }, 404);
  });
  const callsTo = (suffix: string) => calls.filter((call) => call.path.endsWith(suffix));
  return { fetchMock, calls, callsTo };
}
