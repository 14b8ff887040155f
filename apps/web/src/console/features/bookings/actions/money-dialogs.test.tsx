import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffPayment } from '@tours/domain/contracts/staff/money';
import { STAFF_MONEY_MESSAGES } from '@tours/domain/staff/money';
import { STAFF_REASON_MESSAGES } from '@tours/domain/staff/reason';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderInRouter } from '../../../../test/render.tsx';
import { signInAs } from '../testing.tsx';
import { RecordPaymentDialog } from './record-payment.tsx';
import { RefundDialog } from './refund.tsx';

const gbp = (value: number) => ({ value, currency: 'GBP' }) as StaffPayment['amount'];

const PAYMENT: StaffPayment = {
  id: 41,
  reference: 'MER-480153-P1',
  provider: 'sandbox',
  provider_payment_id: 'pi_1',
  method: 'card',
  payer_reference: null,
  received_on: null,
  created_at: '2026-10-23T10:50:00.000Z',
  amount: gbp(68_700),
  in_booking_currency: true,
  status: 'succeeded',
  gateway_status: 'Captured',
  refunded: gbp(0),
  refund_pending: gbp(0),
  refundable: gbp(68_700),
  refunds: [],
};

const REFUND = {
  id: 9,
  payment_id: 41,
  reference: 'MER-480153-P1-R1',
  amount: gbp(10_025),
  status: 'pending',
  reason: 'Goodwill for the room',
  provider_refund_id: null,
  failure_reason: null,
  staff_member_id: 7,
  created_at: '2026-11-27T10:00:00.000Z',
  settled_at: null,
};

/** The staff writes the dialogs sent: each one's Idempotency-Key and body. */
const writesOf = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ path: String(input), key: (init!.headers as Record<string, string>)['Idempotency-Key'], body: JSON.parse(String(init!.body)) as unknown }));

describe('the refund dialog', () => {
  it('refuses a part above what is left, then sends the refund with its reason, the same key on a retry and a new key for a new attempt', async () => {
    signInAs(['finance']);
    let answer: 'network' | 'ok' = 'network';
    const fetchMock = mockFetch((url) => {
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return url.endsWith('/refunds') ? jsonResponse({ data: REFUND }, 201) : jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    const view = renderInRouter(<RefundDialog bookingId={100_001} payment={PAYMENT} onClose={() => undefined} onDone={onDone} />, '/bookings/100001');

    await user.click(screen.getByLabelText('Part of it'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter the amount, for example 125.50')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Amount to refund/), '687.01');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('At most £687.00 is left to refund on this payment')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Amount to refund/));
    await user.type(screen.getByLabelText(/^Amount to refund/), '100.25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // The confirmation names the amount, and asks for a reason before anything is sent.
    expect(screen.getByRole('dialog', { name: 'Refund £100.25?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refund £100.25' }));
    expect(screen.getByText(STAFF_REASON_MESSAGES.required)).toBeTruthy();
    expect(writesOf(fetchMock)).toEqual([]);

    await user.type(screen.getByLabelText(/^Reason/), 'Goodwill for the room');
    await user.click(screen.getByRole('button', { name: 'Refund £100.25' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The server could not be reached');
    // The answer was lost: pressing again is the same attempt, with the same key, and the API would answer the first result.
    answer = 'ok';
    await user.click(screen.getByRole('button', { name: 'Refund £100.25' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('The refund of £100.25 on payment MER-480153-P1 (MER-480153-P1-R1) is under way.'));

    const [first, retry] = writesOf(fetchMock);
    expect(first).toEqual({ path: '/api/staff/bookings/100001/refunds', key: expect.stringMatching(/^[0-9a-f-]{36}$/), body: { payment_id: 41, amount: 10_025, reason: 'Goodwill for the room' } });
    expect(retry).toEqual(first);

    // Opening the dialog again is a new attempt: a new key.
    view.unmount();
    renderInRouter(<RefundDialog bookingId={100_001} payment={PAYMENT} onClose={() => undefined} onDone={onDone} />, '/bookings/100001');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText(/^Reason/), 'The whole payment back');
    await user.click(screen.getByRole('button', { name: 'Refund £687.00' }));
    await waitFor(() => expect(writesOf(fetchMock)).toHaveLength(3));
    const next = writesOf(fetchMock)[2]!;
    expect(next.body).toEqual({ payment_id: 41, amount: 68_700, reason: 'The whole payment back' });
    expect(next.key).not.toBe(first!.key);
  });
});

describe('the offline payment dialog', () => {
  it('names what is missing, then confirms the payment in words before recording it', async () => {
    signInAs(['finance']);
    mockFetch(() => jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404));
    const user = userEvent.setup();
    renderInRouter(<RecordPaymentDialog bookingId={100_001} currency="GBP" onClose={() => undefined} onDone={() => undefined} />, '/bookings/100001');

    await user.clear(screen.getByLabelText(/^Received on/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter the amount, for example 125.50')).toBeTruthy();
    expect(screen.getByText(STAFF_MONEY_MESSAGES.methodRequired)).toBeTruthy();
    expect(screen.getByText(STAFF_MONEY_MESSAGES.referenceRequired)).toBeTruthy();
    expect(screen.getByText(STAFF_MONEY_MESSAGES.receivedOnRequired)).toBeTruthy();
    expect(screen.getByLabelText(/^Amount \(GBP\)/).getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText(/^Amount \(GBP\)/), '£1,250.50');
    await user.selectOptions(screen.getByLabelText(/^How it was paid/), 'bank_transfer');
    await user.type(screen.getByLabelText(/^Their reference/), 'BARCLAYS 0042');
    await user.type(screen.getByLabelText(/^Received on/), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('dialog', { name: 'Record £1,250.50 received?' }).textContent).toContain('£1,250.50 by bank transfer, received on 02 Nov 2026, their reference BARCLAYS 0042.');
    expect(screen.getByRole('button', { name: 'Record £1,250.50' })).toBeTruthy();
  });
});
