import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../../../../lib/alerts.ts';
import { usePassengerStore } from '../../store/passenger-store.ts';
import {
  chooseSource,
  messageOf,
  mockStepApi,
  pickBirthDate,
  renderStep,
  section,
  typeAddress,
  typeNames,
} from './participants-test-utils.tsx';

const next = () => screen.getByRole('button', { name: 'Next' });
const alerts = () => useAlertStore.getState().alerts.map((alert) => [alert.message, alert.type, alert.timeout]);

// These tests fill whole forms as a visitor would; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  usePassengerStore.getState().reset();
  mockStepApi();
});

describe('step 1 validation', () => {
  it('shows every message of spec section 5 at its field, raises the toast and focuses the first field', async () => {
    const { user, onNext } = renderStep();
    await chooseSource(user, 'Please choose');
    const lead = section('Lead participant');
    await user.type(within(lead).getByRole('textbox', { name: /^Home telephone/ }), '020 7946 OO18');
    await user.type(within(lead).getByRole('textbox', { name: /^Mobile telephone/ }), '+44x');
    await user.selectOptions(within(lead).getByRole('combobox', { name: /^Country/ }), '');
    await user.click(next());

    const expected: [HTMLElement, string][] = [
      [within(lead).getByRole('combobox', { name: /^Title/ }), 'Title is required'],
      [within(lead).getByRole('textbox', { name: /^First name/ }), 'First name is required'],
      [within(lead).getByRole('textbox', { name: /^Last name/ }), 'Last name is required'],
      [within(lead).getByRole('textbox', { name: /^Home telephone/ }), 'Numeric values only'],
      [within(lead).getByRole('textbox', { name: /^Mobile telephone/ }), 'Numeric values only'],
      [within(lead).getByRole('textbox', { name: /^E-mail address/ }), 'Email address is required'],
      [within(lead).getByRole('combobox', { name: /^Date of birth/ }), 'Date of birth is required'],
      [within(lead).getByRole('textbox', { name: /^Postcode/ }), 'Postcode is required'],
      [within(lead).getByRole('textbox', { name: /^Line 1/ }), 'Line 1 is required'],
      [within(lead).getByRole('textbox', { name: /^City/ }), 'City is required'],
      [within(lead).getByRole('textbox', { name: /^County/ }), 'State is required'],
      [within(lead).getByRole('combobox', { name: /^Country/ }), 'Country is required'],
      [screen.getByRole('combobox', { name: /^How did you hear about us\?/ }), 'How you heard is required'],
    ];
    await waitFor(() => expect(expected.map(([control]) => messageOf(control))).toEqual(expected.map(([, message]) => message)));
    // Optional fields stay unmarked.
    expect(messageOf(within(lead).getByRole('textbox', { name: /^Line 2/ }))).toBeNull();
    expect(alerts()).toEqual([['Some validation errors were found', 'danger', 3_000]]);
    expect(document.activeElement).toBe(expected[0]![0]);
    expect(onNext).not.toHaveBeenCalled();
  });

  it('clears a message as soon as the field is corrected', async () => {
    const { user } = renderStep();
    await user.click(next());
    const first = within(section('Lead participant')).getByRole('textbox', { name: /^First name/ });
    await waitFor(() => expect(messageOf(first)).toBe('First name is required'));
    await user.type(first, 'Margaret');
    await waitFor(() => expect(messageOf(first)).toBeNull());
  });

  it('accepts phone numbers written with spaces, brackets, hyphens and a leading +', async () => {
    const { user } = renderStep();
    const home = within(section('Lead participant')).getByRole('textbox', { name: /^Home telephone/ });
    await user.type(home, '+44 (0)20 7946-0000');
    await user.click(next());
    await waitFor(() => expect(messageOf(within(section('Lead participant')).getByRole('textbox', { name: /^First name/ }))).not.toBeNull());
    expect(messageOf(home)).toBeNull();
  });

  it('treats text that is only spaces or HTML as empty', async () => {
    const { user } = renderStep();
    const first = within(section('Lead participant')).getByRole('textbox', { name: /^First name/ });
    await user.type(first, '   <b></b> ');
    await user.click(next());
    await waitFor(() => expect(messageOf(first)).toBe('First name is required'));
  });

  it('validates the second participant, whose address is the lead’s unless ticked', async () => {
    const { user } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Add second participant' }));
    await user.click(next());
    const second = section('Second participant');
    await waitFor(() => expect(messageOf(within(second).getByRole('textbox', { name: /^First name/ }))).toBe('First name is required'));
    expect(messageOf(within(second).getByRole('combobox', { name: /^Date of birth/ }))).toBe('Date of birth is required');
    expect(within(second).queryByRole('textbox', { name: /^Line 1/ })).toBeNull();

    await user.click(within(second).getByRole('checkbox', { name: /different address/ }));
    await user.click(next());
    await waitFor(() => expect(messageOf(within(second).getByRole('textbox', { name: /^Line 1/ }))).toBe('Line 1 is required'));
    expect(messageOf(within(second).getByRole('textbox', { name: /^Postcode/ }))).toBe('Postcode is required');
  });
});

describe('step 1 Next', () => {
  it('hands the validated participants and source to the flow', async () => {
    const { user, onNext } = renderStep();
    const lead = section('Lead participant');
    await typeNames(user, lead, { title: 'Dr', first: ' Margaret ', last: 'Hale', email: 'margaret@example.com' });
    // Typed as people write it, handed on normalised.
    await user.type(within(lead).getByRole('textbox', { name: /^Mobile telephone/ }), '07700 900 123');
    await pickBirthDate(user, lead, 1962, 15);
    await typeAddress(user, lead);
    await user.type(within(lead).getByRole('textbox', { name: /^Special requests/ }), 'Vegetarian meals');
    await user.click(within(lead).getByRole('checkbox', { name: 'Send me news and offers by post' }));
    await chooseSource(user, 'Our website');
    await user.click(next());

    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext.mock.calls[0]![0]).toEqual({
      participants: [
        {
          id: 1,
          is_lead: true,
          title: 'Dr',
          given_name: 'Margaret',
          family_name: 'Hale',
          telephone_home: '',
          telephone_mobile: '07700900123',
          date_of_birth: '1962-01-15',
          email: 'margaret@example.com',
          do_not_email: false,
          do_not_mail: true,
          special_requests: 'Vegetarian meals',
          address: {
            line_1: '1 Princes Street',
            line_2: '',
            line_3: '',
            city: 'Edinburgh',
            state: 'Midlothian',
            postal_code: 'EH1 1YZ',
            country: 'GBR',
          },
        },
      ],
      source: { id: 63, subsource_id: 161, subsource_description: '' },
    });
    expect(alerts()).toEqual([]);
  });

  it('sends the source a subsource belongs to', async () => {
    const { user, onNext } = renderStep();
    const lead = section('Lead participant');
    await typeNames(user, lead, { title: 'Ms', first: 'Ann', last: 'Lee', email: 'ann@example.com' });
    await pickBirthDate(user, lead, 1970, 2);
    await typeAddress(user, lead);
    await chooseSource(user, 'The Times');
    await user.click(next());
    await waitFor(() => expect(onNext).toHaveBeenCalled());
    expect(onNext.mock.calls[0]![0].source).toEqual({ id: 10, subsource_id: 101, subsource_description: '' });
  });

  it('shows the busy Next button while the booking is created and does not submit twice', async () => {
    const { user, onNext } = renderStep({ loading: true });
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button).toHaveProperty('disabled', true);
    await user.click(button);
    expect(onNext).not.toHaveBeenCalled();
  });
});
