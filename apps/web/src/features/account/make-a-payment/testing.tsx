import type { AccountBooking } from '@tours/domain/contracts/account';
import type { PaymentToken } from '@tours/domain/contracts/payment-token';
import type { AddressRecord } from '@tours/domain/contracts/session-records';
import type { MinorUnits } from '@tours/domain/money';
import { act, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { useAlertStore } from '../../../lib/alerts.ts';
import { useAccountSession } from '../../../lib/auth/account-session.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { MakeAPayment } from './make-a-payment.tsx';

/** Test data and stand-ins for 'Make a payment': a signed-in customer, a booking with a balance, the API's payment calls. */

export const CUSTOMER_ADDRESS: AddressRecord = {
  line_1: '12 Elm Row',
  line_2: '',
  line_3: '',
  city: 'Edinburgh',
  state: 'Midlothian',
  postal_code: 'EH7 4AA',
  country: 'GBR',
};

export const BOOKING: AccountBooking = {
  id: 100042,
  booking_reference: 'MER-100042',
  status: 'Confirmed',
  confirmed_date: '2026-01-10T10:00:00.000Z',
  start_date: '2027-05-01',
  end_date: '2027-05-05',
  balance_due: '2027-03-01',
  principal_component_name: 'Vienna: Music and Empire',
  outstanding_balance: { value: 123_450 as MinorUnits, currency: 'GBP' },
  total_price: { value: 200_000 as MinorUnits, currency_code: 'GBP' },
  currency_code: 'GBP',
  details_complete: true,
  correspondence: null,
};

export function signInCustomer(address: AddressRecord | null = CUSTOMER_ADDRESS): void {
  useAccountSession
    .getState()
    .signedIn(
      { sub: 'customer-sub', email: 'dora@example.com', expiresAt: null },
      'customer-access-token',
      { id: 7, title: 'Mrs', forename: 'Dora', surname: 'Demo', email: 'dora@example.com' },
      address,
    );
}

export const tokenAnswer = (n: number): PaymentToken => ({
  token: `ptok_${n}`,
  script_url: 'http://localhost/pay/sdk.js',
  origin: 'http://localhost',
  expires_at: '2030-01-01T00:00:00.000Z',
});

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  body: Record<string, unknown> | null;
  headers: Record<string, string>;
}

export interface AccountPaymentApiOptions {
  token?: () => Response | Promise<Response>;
  receipt?: () => Response | Promise<Response>;
  addresses?: () => Response;
}

/** The account payment calls and the postcode lookup; every call is recorded. */
export function mockAccountPaymentApi(options: AccountPaymentApiOptions = {}) {
  const calls: RecordedCall[] = [];
  let tokens = 0;
  mockFetch((url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    calls.push({ method: init?.method ?? 'GET', path: parsed.pathname, search: parsed.search, body, headers: (init?.headers ?? {}) as Record<string, string> });
    if (parsed.pathname.endsWith('/payments/token')) return options.token?.() ?? jsonResponse({ data: tokenAnswer(++tokens) });
    if (/\/payments\/[^/]+$/.test(parsed.pathname) && init?.method === 'PUT') return options.receipt?.() ?? jsonResponse({ data: { id: 77 } });
    if (parsed.pathname.startsWith('/api/addresses/')) return options.addresses?.() ?? jsonResponse({ data: { postcode: 'SW1A 2AA', addresses: [] } });
    return jsonResponse({ error: { code: 'NOT_FOUND', message: `No mock for ${parsed.pathname}` } }, 404);
  });
  return {
    calls,
    tokenCalls: () => calls.filter((call) => call.path.endsWith('/payments/token')),
    receiptCalls: () => calls.filter((call) => call.method === 'PUT'),
  };
}

export function renderMakeAPayment(booking: AccountBooking = BOOKING, onPaid: () => void = () => undefined, reload: () => void = () => undefined) {
  return render(<MakeAPayment booking={booking} onPaid={onPaid} reload={reload} />);
}

/** Moves the fake clock and lets the promises that were waiting on it settle. */
export const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
export const useFakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
export const alerts = () => useAlertStore.getState().alerts.map((alert) => (alert.extra ? `${alert.message} ${alert.extra}` : alert.message));
export const shows = (text: string | RegExp) => screen.queryAllByText(text).length > 0;
