import { participantsFormSchema } from '@tours/domain/booking/participant-form';
import { emptyParticipant } from '@tours/domain/booking/passengers';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../lib/storage.ts';
import { usePassengerStore } from '../../store/passenger-store.ts';
import { sendable } from './form-values.ts';
import {
  chooseSource,
  inDays,
  messageOf,
  mockStepApi,
  pickBirthDate,
  renderStep,
  section,
  SW1A_ADDRESSES,
  typeAddress,
  typeNames,
} from './participants-test-utils.tsx';

const store = () => usePassengerStore.getState();

const validLead = {
  ...emptyParticipant(1, true),
  title: 'Dr' as const,
  given_name: 'Ann',
  family_name: 'Lee',
  email: 'ann@example.com',
  date_of_birth: '1960-01-01',
  address: { line_1: '1 High Street', line_2: '', line_3: '', city: 'Bath', state: 'Somerset', postal_code: 'BA1 1AA', country: 'GBR' },
};

// These tests fill whole forms as a visitor would; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  store().reset();
  mockStepApi();
});

describe('second participant', () => {
  it('is added and removed with the buttons, moving focus sensibly', async () => {
    const { user } = renderStep();
    expect(screen.getByRole('heading', { name: 'Lead participant' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Second participant' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add second participant' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Second participant' }));
    expect(screen.queryByRole('button', { name: 'Add second participant' })).toBeNull();
    expect(store().participants.map((participant) => [participant.id, participant.is_lead])).toEqual([
      [1, true],
      [2, false],
    ]);
    // Lead-only fields belong to the lead's section alone.
    const second = section('Second participant');
    expect(within(second).queryByRole('textbox', { name: /^Special requests/ })).toBeNull();
    expect(within(second).queryByRole('combobox', { name: /How did you hear/ })).toBeNull();

    await user.click(within(second).getByRole('button', { name: 'Remove second participant' }));
    expect(screen.queryByRole('region', { name: 'Second participant' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add second participant' }));
    expect(store().count).toBe(1);
  });

  it('takes the lead’s address until the tickbox asks for their own', async () => {
    const { user, onNext } = renderStep();
    const lead = section('Lead participant');
    await typeNames(user, lead, { title: 'Mrs', first: 'Jane', last: 'Eyre', email: 'jane@example.com' });
    await pickBirthDate(user, lead, 1965, 3);
    await typeAddress(user, lead);
    await chooseSource(user, 'Our website');
    await user.click(screen.getByRole('button', { name: 'Add second participant' }));
    const second = section('Second participant');
    await typeNames(user, second, { title: 'Mr', first: 'Edward', last: 'Rochester', email: 'edward@example.com' });
    await pickBirthDate(user, second, 1960, 20);

    const tickbox = within(second).getByRole('checkbox', { name: /different address/ });
    expect(tickbox).toHaveProperty('checked', false);
    await user.click(tickbox);
    expect(within(second).getByRole('group', { name: "Second participant's address" })).toBeTruthy();
    expect(store().participants[1]?.address?.country).toBe('GBR');
    await user.click(tickbox);
    expect(within(second).queryByRole('group', { name: "Second participant's address" })).toBeNull();
    expect(store().participants[1]?.address).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onNext).toHaveBeenCalled());
    const [, sent] = onNext.mock.calls[0]![0].participants;
    expect(sent).toMatchObject({ id: 2, is_lead: false, given_name: 'Edward', date_of_birth: '1960-01-20', special_requests: '' });
    expect(sent?.address).toBeUndefined();
  });
});

describe('address by postcode', () => {
  it('finds the addresses and fills the lines from the chosen one', async () => {
    const { user } = renderStep();
    const lead = section('Lead participant');
    const postcode = within(lead).getByRole('textbox', { name: /^Postcode/ });
    await user.type(postcode, 'sw1a2aa');
    await user.click(within(lead).getByRole('button', { name: 'Find address' }));
    const chooser = await within(lead).findByRole('combobox', { name: 'Choose address' });
    expect(within(chooser).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select your address (2 found)',
      'Prime Minister’s Office, 10 Downing Street, London, Greater London',
      'HM Treasury, 1 Horse Guards Road, London, Greater London',
    ]);
    expect(postcode).toHaveProperty('value', 'SW1A 2AA');
    await user.selectOptions(chooser, '1');
    expect(within(lead).getByRole('textbox', { name: /^Line 1/ })).toHaveProperty('value', 'HM Treasury');
    expect(within(lead).getByRole('textbox', { name: /^Line 2/ })).toHaveProperty('value', '1 Horse Guards Road');
    expect(within(lead).getByRole('textbox', { name: /^City/ })).toHaveProperty('value', 'London');
    expect(within(lead).getByRole('textbox', { name: /^County/ })).toHaveProperty('value', 'Greater London');
    expect(within(lead).getByRole('combobox', { name: /^Country/ })).toHaveProperty('value', 'GBR');
    expect(store().participants[0]?.address).toMatchObject({ line_1: 'HM Treasury', postal_code: 'SW1A 2AA', state: 'Greater London' });
    expect(SW1A_ADDRESSES).toHaveLength(2);
  });

  it("says 'Field required' for an empty postcode and the not-found message for an unknown one", async () => {
    const { user } = renderStep();
    const lead = section('Lead participant');
    const postcode = within(lead).getByRole('textbox', { name: /^Postcode/ });
    await user.click(within(lead).getByRole('button', { name: 'Find address' }));
    await waitFor(() => expect(messageOf(postcode)).toBe('Field required'));

    await user.type(postcode, 'ZZ9 9ZZ{Enter}');
    await waitFor(() => expect(messageOf(postcode)).toBe('Sorry, we were unable to find that post-code.'));
    expect(within(lead).queryByRole('combobox', { name: 'Choose address' })).toBeNull();
    // Enter looked the postcode up; it did not submit the step.
    expect(screen.queryByText('First name is required')).toBeNull();
    // Typing again clears the lookup's message.
    await user.type(postcode, 'X');
    expect(messageOf(postcode)).toBeNull();
  });
});

describe('how did you hear about us', () => {
  it("reveals a free-text box for 'Other' and sends its text with subsource 165", async () => {
    const { user, onNext } = renderStep();
    const lead = section('Lead participant');
    await typeNames(user, lead, { title: 'Sir', first: 'Walter', last: 'Scott', email: 'walter@example.com' });
    await pickBirthDate(user, lead, 1961, 9);
    await typeAddress(user, lead);
    expect(screen.queryByRole('textbox', { name: 'Please tell us where you heard about us' })).toBeNull();
    await chooseSource(user, 'Other');
    await user.type(screen.getByRole('textbox', { name: 'Please tell us where you heard about us' }), 'A lecture in Bath');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onNext).toHaveBeenCalled());
    expect(onNext.mock.calls[0]![0].source).toEqual({ id: 63, subsource_id: 165, subsource_description: 'A lecture in Bath' });
  });

  it('hides the box and does not send its text once another choice is made', async () => {
    const { user } = renderStep();
    await chooseSource(user, 'Other');
    await user.type(screen.getByRole('textbox', { name: 'Please tell us where you heard about us' }), 'Somewhere');
    await chooseSource(user, 'Our website');
    expect(screen.queryByRole('textbox', { name: 'Please tell us where you heard about us' })).toBeNull();
    const values = participantsFormSchema.parse({ participants: [validLead], source: store().source });
    expect(sendable(values, false).source).toEqual({ id: 63, subsource_id: 161, subsource_description: '' });
  });
});

describe('online talks', () => {
  it('hide special requests and the second participant, and drop a stored second participant', async () => {
    store().addSecond();
    renderStep({ brandChannel: 15, departureDate: inDays(20) });
    const lead = section('Lead participant');
    expect(within(lead).queryByRole('textbox', { name: /^Special requests/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add second participant' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Second participant' })).toBeNull();
    await waitFor(() => expect(store().count).toBe(1));
  });
});

describe('persistence', () => {
  it('keeps what was typed in local storage and shows it again after a reload', async () => {
    const { user, unmount } = renderStep();
    const lead = section('Lead participant');
    await typeNames(user, lead, { title: 'Dr', first: 'Margaret', last: 'Hale', email: 'm@example.com' });
    await pickBirthDate(user, lead, 1963, 4);
    await user.click(within(lead).getByRole('checkbox', { name: 'Send me news and offers by e-mail' }));
    await chooseSource(user, 'Other');
    await user.type(screen.getByRole('textbox', { name: 'Please tell us where you heard about us' }), 'Radio');
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.passengers.key) ?? '{}') as { state: { participants: unknown[] } };
    expect(stored.state.participants[0]).toMatchObject({ given_name: 'Margaret', date_of_birth: '1963-01-04', do_not_email: true });
    unmount();

    await usePassengerStore.persist.rehydrate();
    renderStep();
    const again = section('Lead participant');
    expect(within(again).getByRole('textbox', { name: /^First name/ })).toHaveProperty('value', 'Margaret');
    expect(within(again).getByRole('combobox', { name: /^Title/ })).toHaveProperty('value', 'Dr');
    expect(within(again).getByRole('combobox', { name: /^Date of birth/ }).textContent).toContain('04 Jan 1963');
    expect(within(again).getByRole('checkbox', { name: 'Send me news and offers by e-mail' })).toHaveProperty('checked', false);
    expect(within(again).getByRole('checkbox', { name: 'Send me news and offers by post' })).toHaveProperty('checked', true);
    expect(await screen.findByRole('textbox', { name: 'Please tell us where you heard about us' })).toHaveProperty('value', 'Radio');
  });

  it('shows a reset made elsewhere (a logout) instead of writing the old values back', async () => {
    const { user } = renderStep();
    const first = () => within(section('Lead participant')).getByRole('textbox', { name: /^First name/ });
    await user.type(first(), 'Margaret');
    await user.click(screen.getByRole('button', { name: 'Add second participant' }));
    act(() => store().reset());
    await waitFor(() => expect(first()).toHaveProperty('value', ''));
    expect(screen.queryByRole('region', { name: 'Second participant' })).toBeNull();
    await user.type(first(), 'Ann');
    expect(store().participants).toHaveLength(1);
    expect(store().participants[0]?.given_name).toBe('Ann');
  });

  it('starts from a stored second participant', () => {
    store().setParticipants([emptyParticipant(1, true), { ...emptyParticipant(2, false), given_name: 'John' }]);
    renderStep();
    expect(within(section('Second participant')).getByRole('textbox', { name: /^First name/ })).toHaveProperty('value', 'John');
  });
});

describe('the notice', () => {
  const notice = () => screen.getByRole('heading', { name: 'Before you start' }).closest('.notice') as HTMLElement;

  it('always says how to book for three or more or combine tours, with the regional phone', () => {
    renderStep();
    expect(notice().textContent).toContain('To book for three or more participants, or to combine tours, please call us on 020 7946 0018.');
    expect(within(notice()).getByRole('link', { name: '020 7946 0018' }).getAttribute('href')).toBe('tel:+442079460018');
    expect(notice().textContent).not.toMatch(/optional|72 hours/);
  });

  it('says a departure under 5 weeks away can only be booked as optional', () => {
    renderStep({ brandChannel: 11, departureDate: inDays(20) });
    expect(notice().textContent).toContain('less than 5 weeks away, so it can only be booked as an optional booking');
  });

  it('says non-residential events can be confirmed online up to 72 hours before, or no longer', () => {
    const { unmount } = renderStep({ brandChannel: 8, departureDate: inDays(14) });
    expect(notice().textContent).toContain('Events without an overnight stay can be confirmed online up to 72 hours before departure.');
    expect(notice().textContent).not.toContain('optional');
    unmount();
    renderStep({ brandChannel: 7, departureDate: inDays(1) });
    expect(notice().textContent).toContain('starts in less than 72 hours, so it can no longer be confirmed online');
  });
});
