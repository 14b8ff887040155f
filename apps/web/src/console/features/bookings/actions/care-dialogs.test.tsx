import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffPassenger } from '@tours/domain/contracts/staff/booking-page';
import { VALIDATION } from '@tours/domain/messages';
import { STAFF_MONEY_MESSAGES } from '@tours/domain/staff/money';
import { STAFF_REASON_MESSAGES } from '@tours/domain/staff/reason';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderInRouter } from '../../../../test/render.tsx';
import { signInAs } from '../testing.tsx';
import { CancelBookingDialog } from './cancel-booking.tsx';
import { EditPassengerDialog } from './edit-passenger.tsx';

const usd = (value: number) => ({ value, currency: 'USD' });

const preview = (charge: number, paid: number) => ({
  booking_id: 100_002,
  reference: 'MER-480297',
  status: 'Confirmed',
  currency: 'USD',
  departure_date: '2027-01-11',
  days_before_departure: 45,
  band: { from_days: 30, label: '30 to 59 days before departure: 50% of the total' },
  total: usd(514_500),
  deposit: usd(77_175),
  charge: usd(charge),
  paid: usd(paid),
  refund: usd(paid - charge),
  owed: usd(0),
  refunds: [{ payment_id: 5, payment_reference: 'MER-480297-P2', method: 'card', amount: usd(paid - charge) }],
});

describe('the cancellation dialog', () => {
  it("shows the API's preview to the cent, sends the figures it showed, and reads them again when the API says they moved", async () => {
    signInAs(['finance']);
    let figures = preview(257_250, 514_500);
    let refuse = true;
    const fetchMock = mockFetch((url, init) => {
      if (init?.method !== 'POST') return jsonResponse({ data: figures });
      if (refuse) {
        // A payment came in meanwhile: the API refuses, the figures are new.
        refuse = false;
        figures = preview(257_250, 524_500);
        return jsonResponse({ error: { code: 'CONFLICT', message: STAFF_MONEY_MESSAGES.figuresChanged } }, 409);
      }
      return jsonResponse({ data: { booking_id: 100_002, status: 'Cancelled', charge: usd(257_250), refund: usd(267_250), refunds: [], email_queued: true } });
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderInRouter(<CancelBookingDialog bookingId={100_002} onClose={() => undefined} onDone={onDone} />, '/bookings/100002');

    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await waitFor(() => expect(dialog.querySelector('[data-figure="charge"]')?.textContent).toBe('$2,572.50'));
    expect(dialog.textContent).toContain('30 to 59 days before departure: 50% of the total');
    expect(dialog.textContent).toContain('$2,572.50 from payment MER-480297-P2 (Card)');
    // 'Cancel' would read as the action here.
    expect(screen.getByRole('button', { name: 'Keep the booking' })).toBeTruthy();

    await user.type(screen.getByLabelText(/^Reason/), 'The customer cancelled by telephone');
    await user.click(screen.getByRole('button', { name: 'Cancel, charging $2,572.50' }));
    expect((await screen.findByRole('alert')).textContent).toContain(STAFF_MONEY_MESSAGES.figuresChanged);
    await waitFor(() => expect(dialog.querySelector('[data-figure="refund"]')?.textContent).toBe('$2,672.50'));
    await user.click(screen.getByRole('button', { name: 'Cancel, charging $2,572.50' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('The booking is cancelled with a charge of $2,572.50. $2,672.50 is being refunded. The customer is e-mailed.'));

    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)) as unknown);
    expect(posts).toEqual([
      { reason: 'The customer cancelled by telephone', expected: { charge: 257_250, refund: 257_250 } },
      { reason: 'The customer cancelled by telephone', expected: { charge: 257_250, refund: 267_250 } },
    ]);
  });
});

const PASSENGER: StaffPassenger = {
  id: 31,
  position: 1,
  is_lead: true,
  type: 'Adult',
  title: 'Mrs',
  given_name: 'Margaret',
  family_name: 'Ashworth',
  email: 'demo@example.com',
  telephone_home: null,
  telephone_mobile: null,
  date_of_birth: '1958-04-12',
  address: null,
  do_not_email: false,
  do_not_mail: false,
  special_requests: null,
  passport: {
    provided: true,
    masked: false,
    details: {
      document_type: 'Passport',
      document_number: '925076473',
      nationality: 'GBR',
      place_of_issue: 'HM Passport Office',
      country_of_residence: 'GBR',
      issue_date: '2019-06-14',
      expiry_date: '2029-06-14',
      place_of_birth: 'Bath',
      date_of_birth: '1958-04-12',
    },
  },
  insurance: null,
  joining_information: null,
  arrival_time: null,
  details_complete: false,
};

describe("the passenger's details dialog", () => {
  it("checks a section with the account area's rules and the reason, then saves that section alone", async () => {
    signInAs(['operations']);
    const fetchMock = mockFetch(() =>
      jsonResponse({ data: { id: 31, forename: 'Margaret', surname: 'Ashworth', type: 'Adult', address: null, apis: null, insurance: null, joining_information: null, arrival_time: null } }),
    );
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderInRouter(<EditPassengerDialog bookingId={100_001} tourEndDate="2027-03-02" passenger={PASSENGER} onClose={() => undefined} onDone={onDone} />, '/bookings/100001');

    // The passport starts from what the API gave; one that ends before the tour does is refused.
    expect((screen.getByLabelText(/^Document number/) as HTMLInputElement).value).toBe('925076473');
    await user.clear(screen.getByLabelText(/^Expiry date/));
    await user.type(screen.getByLabelText(/^Expiry date/), '2027-03-01');
    await user.click(screen.getByRole('button', { name: 'Save passport details' }));
    expect(await screen.findByText(VALIDATION.passportExpiresBeforeTour)).toBeTruthy();
    expect(screen.getByText(STAFF_REASON_MESSAGES.required)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Details to change'), 'joining_information');
    await user.type(screen.getByLabelText('Where they stay the night before departure'), 'Hotel Sacher, Vienna');
    await user.type(screen.getByLabelText(/^Reason for the change/), 'The customer telephoned');
    await user.click(screen.getByRole('button', { name: 'Save the night before departure' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Saved for Margaret Ashworth: the night before departure.'));

    const [, init] = fetchMock.mock.calls.at(-1)!;
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init!.body))).toEqual({ joining_information: { joining_text: 'Hotel Sacher, Vienna' }, reason: 'The customer telephoned' });
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
