import { DETAILS_LOCKED_MESSAGE } from '@tours/domain/account/forms';
import { formatShortDate } from '@tours/domain/dates';
import { VALIDATION } from '@tours/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountKeys } from '../api/account-keys.ts';
import { accountBooking, bookingDetail, inDays } from '../testing/account-fixtures.ts';
import {
  alertTexts,
  messagesIn,
  openSection,
  passengerForm,
  pickDate,
  renderPassengerTab,
  sectionButton,
  twoAdults,
} from './test-harness.tsx';

const SECTIONS = [
  'Passport details',
  'Travel insurance details',
  'Where you will be on the eve of departure',
  'Where to send your final documents',
  'Where you will join the group',
];
const PASSPORT = 'Passport details';
const CORRESPONDENCE = 'Where to send your final documents';
const nextYear = new Date().getFullYear() + 1;

const expanded = () => SECTIONS.filter((name) => sectionButton(name).getAttribute('aria-expanded') === 'true');

describe('Passenger information tab: the accordion', () => {
  it('shows five sections, one open at a time, each listing every passenger with a Confirm button', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPassengerTab();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(
      SECTIONS.map((name) => expect.stringContaining(name) as unknown as string),
    );
    // It opens on the first section that needs an answer.
    expect(expanded()).toEqual([PASSPORT]);
    expect(sectionButton(PASSPORT).getAttribute('aria-controls')).toBe(screen.getByRole('region', { name: /^Passport details/ }).id);

    for (const name of SECTIONS) {
      const panel = await openSection(user, name);
      expect(expanded()).toEqual([name]);
      if (name === CORRESPONDENCE) {
        expect(within(panel).getByRole('form', { name: 'Margaret Ashworth, Thomas Ashworth' })).toBeTruthy();
        expect(within(panel).getAllByRole('button', { name: 'Confirm your answer' })).toHaveLength(1);
      } else {
        expect(within(panel).getAllByRole('form').map((form) => form.getAttribute('aria-labelledby') && form.querySelector('h4')?.textContent)).toEqual([
          'Margaret Ashworth',
          'Thomas Ashworth',
        ]);
        expect(within(panel).getAllByRole('button', { name: 'Confirm your answer' })).toHaveLength(2);
      }
    }
    // Pressing the open section's button closes it.
    await user.click(sectionButton(SECTIONS[4]!));
    expect(expanded()).toEqual([]);
  });

  it("offers 'Copy details from passenger 1' only to the second passenger, in insurance, joining and arrival", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPassengerTab();
    const copies = async (section: string) => {
      await openSection(user, section);
      return ['Margaret Ashworth', 'Thomas Ashworth'].map(
        (name) => within(passengerForm(section, name)).queryAllByRole('button', { name: 'Copy details from passenger 1' }).length,
      );
    };
    expect(await copies(PASSPORT)).toEqual([0, 0]);
    expect(await copies('Travel insurance details')).toEqual([0, 1]);
    expect(await copies('Where you will be on the eve of departure')).toEqual([0, 1]);
    expect(await copies('Where you will join the group')).toEqual([0, 1]);
    await openSection(user, CORRESPONDENCE);
    expect(screen.queryByRole('button', { name: 'Copy details from passenger 1' })).toBeNull();
  });

  it('opens on the first incomplete section and marks complete ones', async () => {
    const detail = twoAdults();
    const passport = {
      document_type: 'Passport',
      document_number: '1',
      nationality: 'GBR',
      place_of_issue: 'London',
      country_of_residence: 'GBR',
      issue_date: '2020-01-01',
      expiry_date: '2035-01-01',
      place_of_birth: 'Bath',
      date_of_birth: '1958-04-12',
    };
    detail.passengers = detail.passengers.map((passenger) => ({ ...passenger, apis: passport }));
    await renderPassengerTab(detail);
    expect(expanded()).toEqual(['Travel insurance details']);
    expect(sectionButton(PASSPORT).textContent).toContain('Complete');
    expect(sectionButton('Travel insurance details').textContent).toContain('Details needed');
  });

  it('shows a finished booking read-only, with no way to save', async () => {
    const detail = bookingDetail(accountBooking({ start_date: inDays(-20), end_date: inDays(-13) }));
    await renderPassengerTab(detail);
    expect(screen.getByText(DETAILS_LOCKED_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm your answer' })).toBeNull();
  });
});

describe('Passenger information tab: passport', () => {
  it("shows every passport message at its field, the validation alert, and focuses the first field", async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await renderPassengerTab();
    const form = passengerForm(PASSPORT, 'Margaret Ashworth');
    // Country of residence starts as the United Kingdom (GBR).
    expect((within(form).getByRole('combobox', { name: /^Country of residence/ }) as HTMLSelectElement).value).toBe('GBR');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Country of residence/ }), '');
    await user.click(within(form).getByRole('button', { name: 'Confirm your answer' }));

    // The resolver answers asynchronously.
    await waitFor(() =>
      expect(messagesIn(form)).toEqual([
        'Passport name is required',
        'Document number is required',
        'Nationality is required',
        'Place of issue is required',
        'Country of residence is required',
        'Place of birth is required',
        'Issue date is required',
        'Expiry date is required',
        'Date of birth is required',
      ]),
    );
    expect(alertTexts()).toEqual(['Some validation errors were found']);
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /^Passport name/ }));
    expect(server.patches).toEqual([]);
    // Thomas's form is untouched.
    expect(messagesIn(passengerForm(PASSPORT, 'Thomas Ashworth'))).toEqual([]);
  });

  it('saves a passport: PATCH keyed apis, the local record updated, the success alert, the section answered', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, queryClient } = await renderPassengerTab();
    const form = passengerForm(PASSPORT, 'Margaret Ashworth');
    await user.type(within(form).getByRole('textbox', { name: /^Passport name/ }), 'Passport');
    await user.type(within(form).getByRole('textbox', { name: /^Document number/ }), ' 925076473 ');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Nationality/ }), 'GBR');
    await user.type(within(form).getByRole('textbox', { name: /^Place of issue/ }), '<b>HM Passport Office</b>');
    await user.type(within(form).getByRole('textbox', { name: /^Place of birth/ }), 'Bath');
    await pickDate(user, form, 'Issue date', '2019-06-14');
    await pickDate(user, form, 'Expiry date', `${nextYear + 3}-06-14`);
    await pickDate(user, form, 'Date of birth', '1958-04-12');
    expect(within(form).getByRole('combobox', { name: /^Date of birth/ }).textContent).toContain('12 Apr 1958');
    await user.click(within(form).getByRole('button', { name: 'Confirm your answer' }));

    await waitFor(() => expect(alertTexts()).toEqual(['Details successfully updated.']));
    expect(server.patches).toEqual([
      {
        path: '/api/account/bookings/101/passengers/1',
        body: {
          apis: {
            document_type: 'Passport',
            document_number: '925076473',
            nationality: 'GBR',
            place_of_issue: 'HM Passport Office',
            country_of_residence: 'GBR',
            issue_date: '2019-06-14',
            expiry_date: `${nextYear + 3}-06-14`,
            place_of_birth: 'Bath',
            date_of_birth: '1958-04-12',
          },
        },
      },
    ]);
    const customerToken = new Headers(server.fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')![1]!.headers).get('Authorization');
    expect(customerToken).toBe('Bearer access.token.demo');
    const cached = queryClient.getQueryData<ReturnType<typeof twoAdults>>(accountKeys.booking(101));
    expect(cached?.passengers[0]?.apis?.document_number).toBe('925076473');
    expect(within(form).getByText('Answered')).toBeTruthy();
    expect(within(passengerForm(PASSPORT, 'Thomas Ashworth')).getByText('Not answered yet')).toBeTruthy();
  });

  it("refuses a passport that expires before the tour ends, and says until when it must be valid", async () => {
    const user = userEvent.setup({ delay: null });
    const detail = twoAdults();
    const { server } = await renderPassengerTab(detail);
    const form = passengerForm(PASSPORT, 'Thomas Ashworth');
    await user.type(within(form).getByRole('textbox', { name: /^Passport name/ }), 'Passport');
    await user.type(within(form).getByRole('textbox', { name: /^Document number/ }), '1');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Nationality/ }), 'IRL');
    await user.type(within(form).getByRole('textbox', { name: /^Place of issue/ }), 'Dublin');
    await user.type(within(form).getByRole('textbox', { name: /^Place of birth/ }), 'Cork');
    await pickDate(user, form, 'Issue date', '2020-02-03');
    // The tour ends 95 days from today: an expiry tomorrow is too soon.
    await pickDate(user, form, 'Expiry date', inDays(1));
    await pickDate(user, form, 'Date of birth', '1956-11-02');
    await user.click(within(form).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(messagesIn(form)).toEqual([VALIDATION.passportExpiresBeforeTour]));
    expect(within(form).getByText(`It must be valid until the tour ends on ${formatShortDate(detail.booking.end_date)}.`)).toBeTruthy();
    expect(server.patches).toEqual([]);
  });
});

describe('Passenger information tab: correspondence', () => {
  it("asks for a choice, then for the alternate address's required lines, and saves it", async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await renderPassengerTab();
    const panel = await openSection(user, CORRESPONDENCE);
    const confirm = () => user.click(within(panel).getByRole('button', { name: 'Confirm your answer' }));
    await confirm();
    // The resolver answers asynchronously.
    await waitFor(() => expect(messagesIn(panel)).toEqual(['Value is required']));
    expect(alertTexts()).toEqual(['Some validation errors were found']);

    await user.click(within(panel).getByRole('radio', { name: 'Use an alternate address' }));
    expect((within(panel).getByRole('combobox', { name: /^Country/ }) as HTMLSelectElement).value).toBe('GBR');
    await confirm();
    await waitFor(() => expect(messagesIn(panel)).toEqual(['Postal code is required', 'Line 1 is required', 'City is required', 'State is required']));
    expect(server.patches).toEqual([]);

    await user.type(within(panel).getByRole('textbox', { name: /^Postal code/ }), 'EH1 1AA');
    await user.type(within(panel).getByRole('textbox', { name: /^Line 1/ }), '12 High Street');
    await user.type(within(panel).getByRole('textbox', { name: /^Line 2/ }), 'Flat 3');
    await user.type(within(panel).getByRole('textbox', { name: /^City/ }), 'Edinburgh');
    await user.type(within(panel).getByRole('textbox', { name: /^County/ }), 'Midlothian');
    await confirm();
    await waitFor(() => expect(alertTexts()).toContain('Details successfully updated.'));
    expect(server.patches).toEqual([
      {
        path: '/api/account/bookings/101/correspondence',
        body: {
          send_to: 'alternate_address',
          alternate_address: { line_1: '12 High Street', line_2: 'Flat 3', line_3: '', city: 'Edinburgh', state: 'Midlothian', postal_code: 'EH1 1AA', country: 'GBR' },
        },
      },
    ]);
    expect(sectionButton(CORRESPONDENCE).textContent).toContain('Complete');
  });

  it('sends no address with the other choices, and offers collecting in person from the lecturer', async () => {
    const user = userEvent.setup({ delay: null });
    const { server } = await renderPassengerTab();
    const panel = await openSection(user, CORRESPONDENCE);
    await user.click(within(panel).getByRole('radio', { name: 'Use an alternate address' }));
    await user.type(within(panel).getByRole('textbox', { name: /^Line 1/ }), 'Half typed');
    await user.click(within(panel).getByRole('radio', { name: 'Collect my final documents in person from the lecturer on the first day' }));
    expect(within(panel).queryByRole('textbox', { name: /^Line 1/ })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Confirm your answer' }));
    await waitFor(() => expect(server.patches).toEqual([{ path: '/api/account/bookings/101/correspondence', body: { send_to: 'in_person' } }]));
    expect(within(panel).getByRole('radio', { name: 'Use my primary address' })).toBeTruthy();
  });
});
