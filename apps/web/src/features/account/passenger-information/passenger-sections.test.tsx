import type { BookingDetail } from '@tours/domain/contracts/account';
import { VALIDATION } from '@tours/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { accountKeys } from '../api/account-keys.ts';
import { ARRIVAL_HINT } from './detail-fields.tsx';
import { alertTexts, messagesIn, openSection, passengerForm, pickDate, renderPassengerTab, sectionButton, twoAdults } from './test-harness.tsx';

const INSURANCE = 'Travel insurance details';
const JOINING = 'Where you will be on the eve of departure';
const ARRIVAL = 'Where you will join the group';
const year = new Date().getFullYear();

describe('Passenger information tab: travel insurance', () => {
  it("needs the issue and expiry dates ('Expiry date is required'), a numeric emergency number and an expiry after the issue", async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await renderPassengerTab();
    await openSection(user, INSURANCE);
    const form = passengerForm(INSURANCE, 'Margaret Ashworth');
    await user.type(within(form).getByRole('textbox', { name: /^Emergency telephone number/ }), 'call my daughter');
    await user.click(within(form).getByRole('button', { name: 'Confirm your answer' }));
    // The resolver checks asynchronously: on a busy machine the messages arrive after the click has returned.
    await waitFor(() => expect(messagesIn(form)).toEqual(['Issue date is required', 'Expiry date is required', 'Numeric values only']));
    expect(alertTexts()).toEqual(['Some validation errors were found']);

    await pickDate(user, form, 'Issue date', `${year}-03-10`);
    await pickDate(user, form, 'Expiry date', `${year}-03-01`);
    // Every error of the form at once: the reversed dates with the non-numeric number, on one Confirm.
    await user.click(within(form).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(messagesIn(form)).toEqual([VALIDATION.expiryBeforeIssue, 'Numeric values only']));
    await user.clear(within(form).getByRole('textbox', { name: /^Emergency telephone number/ }));
    await user.click(within(form).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(messagesIn(form)).toEqual([VALIDATION.expiryBeforeIssue]));
    expect(server.patches).toEqual([]);
  });

  it('saves every insurance field, then copies them to the second passenger, who confirms them', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await renderPassengerTab();
    await openSection(user, INSURANCE);
    const first = passengerForm(INSURANCE, 'Margaret Ashworth');
    const typeIn = async (label: string, value: string) => user.type(within(first).getByRole('textbox', { name: new RegExp(`^${label}`) }), value);
    await typeIn('Company name', 'Cabot Mutual Travel');
    await typeIn('Company telephone number', '0117 496 0999');
    await typeIn('Policy number', 'CMT-55120-88');
    await typeIn('Description', 'Annual multi-trip');
    await pickDate(user, first, 'Issue date', `${year}-01-01`);
    await pickDate(user, first, 'Expiry date', `${year + 1}-12-31`);
    await typeIn('Emergency contact name', 'Eleanor Ashworth');
    await typeIn('Relationship', 'Daughter');
    await typeIn('Emergency telephone number', '+44 (0)7700 900789');
    await user.click(within(first).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(server.patches).toHaveLength(1));
    const saved = {
      company_name: 'Cabot Mutual Travel',
      company_number: '0117 496 0999',
      policy_number: 'CMT-55120-88',
      description: 'Annual multi-trip',
      start_date: `${year}-01-01`,
      expiry_date: `${year + 1}-12-31`,
      next_of_kin: 'Eleanor Ashworth',
      next_of_kin_relationship: 'Daughter',
      emergency_number: '+447700900789',
    };
    expect(server.patches[0]).toEqual({ path: '/api/account/bookings/101/passengers/1', body: { insurance: saved } });
    // The form shows the record as saved (numbers normalised).
    await waitFor(() => expect((within(first).getByRole('textbox', { name: /^Emergency telephone number/ }) as HTMLInputElement).value).toBe('+447700900789'));

    const second = passengerForm(INSURANCE, 'Thomas Ashworth');
    await user.click(within(second).getByRole('button', { name: 'Copy details from passenger 1' }));
    expect(within(second).getByRole('status').textContent).toBe('Details copied from Margaret Ashworth. Check them, then confirm your answer.');
    expect((within(second).getByRole('textbox', { name: /^Policy number/ }) as HTMLInputElement).value).toBe('CMT-55120-88');
    expect(within(second).getByRole('combobox', { name: /^Expiry date/ }).textContent).toContain(`31 Dec ${year + 1}`);
    await user.click(within(second).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(server.patches).toHaveLength(2));
    expect(server.patches[1]).toEqual({ path: '/api/account/bookings/101/passengers/2', body: { insurance: saved } });
    await waitFor(() => expect(sectionButton(INSURANCE).textContent).toContain('Complete'));
  });
});

describe('Passenger information tab: joining and arrival', () => {
  it('saves free text with HTML stripped, and copies it from passenger 1', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await renderPassengerTab();
    await openSection(user, JOINING);
    const first = passengerForm(JOINING, 'Margaret Ashworth');
    await user.type(within(first).getByRole('textbox', { name: 'Where will you be on the eve of departure?' }), '<i>Hotel Sacher</i>, Vienna');
    await user.click(within(first).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(server.patches).toHaveLength(1));
    expect(server.patches[0]).toEqual({
      path: '/api/account/bookings/101/passengers/1',
      body: { joining_information: { joining_text: 'Hotel Sacher, Vienna' } },
    });
    const second = passengerForm(JOINING, 'Thomas Ashworth');
    await user.click(within(second).getByRole('button', { name: 'Copy details from passenger 1' }));
    await user.click(within(second).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(server.patches).toHaveLength(2));
    expect(server.patches[1]!.body).toEqual({ joining_information: { joining_text: 'Hotel Sacher, Vienna' } });
  });

  it('explains the arrival answer (group flights, UK tours, the final day) and saves it as text', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await renderPassengerTab();
    const panel = await openSection(user, ARRIVAL);
    expect(within(panel).getAllByText(ARRIVAL_HINT)).toHaveLength(2);
    expect(ARRIVAL_HINT).toMatch(/group flight/);
    expect(ARRIVAL_HINT).toMatch(/UK tours/);
    expect(ARRIVAL_HINT).toMatch(/final day/);
    const first = passengerForm(ARRIVAL, 'Margaret Ashworth');
    await user.type(within(first).getByRole('textbox', { name: 'When and where will you join the group?' }), 'Group flight from Heathrow');
    await user.click(within(first).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(server.patches).toEqual([{ path: '/api/account/bookings/101/passengers/1', body: { arrival_time: 'Group flight from Heathrow' } }]));
    // Joining and arrival have no rules: an empty answer is an answer.
    const second = passengerForm(ARRIVAL, 'Thomas Ashworth');
    await user.click(within(second).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(server.patches[1]).toEqual({ path: '/api/account/bookings/101/passengers/2', body: { arrival_time: '' } }));
  });
});

describe('Passenger information tab: saving', () => {
  it("shows the server's field messages at their fields with the validation alert", async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await renderPassengerTab();
    await openSection(user, ARRIVAL);
    const form = passengerForm(ARRIVAL, 'Margaret Ashworth');
    server.failNext(() =>
      jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { arrival_time: 'The maximum length allowed is 500' } } }, 400),
    );
    await user.click(within(form).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(messagesIn(form)).toEqual(['The maximum length allowed is 500']));
    expect(alertTexts()).toEqual(['Some validation errors were found']);
  });

  it('raises the general failure alert when a save fails otherwise, and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await renderPassengerTab();
    await openSection(user, JOINING);
    const form = passengerForm(JOINING, 'Thomas Ashworth');
    server.failNext(() => jsonResponse({ error: { code: 'INTERNAL', message: 'Down' } }, 500));
    await user.type(within(form).getByRole('textbox', { name: /^Where will you be/ }), 'At home');
    await user.click(within(form).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(alertTexts()).toEqual([expect.stringMatching(/^A problem occurred\. Please refresh the page or contact us on/)]));
    expect((within(form).getByRole('textbox', { name: /^Where will you be/ }) as HTMLTextAreaElement).value).toBe('At home');
    expect(within(form).getByText('Not answered yet')).toBeTruthy();
  });

  it('marks the booking complete in the local record once every section is answered', async () => {
    const user = userEvent.setup({ delay: null });
    const detail: BookingDetail = twoAdults();
    const answered = { ...detail.passengers[0]! };
    detail.passengers = detail.passengers.map((passenger) => ({
      ...passenger,
      apis: {
        document_type: 'Passport',
        document_number: String(passenger.id),
        nationality: 'GBR',
        place_of_issue: 'London',
        country_of_residence: 'GBR',
        issue_date: '2020-01-01',
        expiry_date: '2035-01-01',
        place_of_birth: 'Bath',
        date_of_birth: '1958-04-12',
      },
      insurance: { ...emptyInsurance, start_date: '2025-01-01', expiry_date: '2035-01-01' },
      joining_information: { joining_text: '' },
      arrival_time: passenger.id === answered.id ? 'Group flight' : null,
    }));
    detail.booking = { ...detail.booking, correspondence: { send_to: 'primary_address', alternate_address: null } };
    const { server, queryClient } = await renderPassengerTab(detail);
    const cached = () => queryClient.getQueryData<BookingDetail>(accountKeys.booking(101))!;
    expect(cached().booking.details_complete).toBe(false);
    await openSection(user, ARRIVAL);
    await user.click(within(passengerForm(ARRIVAL, 'Thomas Ashworth')).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(cached().booking.details_complete).toBe(true));
    expect(server.patches).toHaveLength(1);
    // The booking and the list are fetched again: the server decides, and the notifications read the list.
    await waitFor(() =>
      expect(server.fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === 'GET' && String(url).endsWith('/api/account/bookings/101'))).toHaveLength(2),
    );
    expect(screen.getAllByText('Complete')).toHaveLength(5);
  });
});

const emptyInsurance = {
  company_name: '',
  company_number: '',
  policy_number: '',
  description: '',
  start_date: '',
  expiry_date: '',
  next_of_kin: '',
  next_of_kin_relationship: '',
  emergency_number: '',
};
