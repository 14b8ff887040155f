import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ParticipantsForm } from '@tours/domain/booking/participant-form';
import { vi } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { jsonResponse, mockRoutes } from '../../../../test/fetch-mock.ts';
import { ParticipantsStep } from './participants-step.tsx';

/** Test helpers for step 1: the API answers as the seed does, and fields are found as a visitor finds them. */

export const MARKETING_SOURCES = [
  { id: 10, name: 'Newspaper advert', subsources: [{ id: 101, name: 'The Times' }] },
  {
    id: 63,
    name: 'Online',
    subsources: [
      { id: 161, name: 'Our website' },
      { id: 165, name: 'Other' },
    ],
  },
];

export const SW1A_ADDRESSES = [
  'Prime Minister’s Office, 10 Downing Street, , , , London, Greater London',
  'HM Treasury, 1 Horse Guards Road, , , , London, Greater London',
];

export function mockStepApi() {
  return mockRoutes({
    '/api/config/marketing-sources': () => jsonResponse({ data: { items: MARKETING_SOURCES } }),
    '/api/addresses/SW1A%202AA': () => jsonResponse({ data: { postcode: 'SW1A 2AA', addresses: SW1A_ADDRESSES } }),
    '/api/addresses/ZZ9%209ZZ': () => jsonResponse({ data: { postcode: 'ZZ9 9ZZ', addresses: [] } }),
  });
}

/** A departure date `days` from today, 'YYYY-MM-DD'. */
export function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

interface Options {
  brandChannel?: number;
  departureDate?: string;
  loading?: boolean;
}

export function renderStep({ brandChannel = 11, departureDate = inDays(90), loading = false }: Options = {}) {
  const onNext = vi.fn<(valid: ParticipantsForm) => void>();
  // No pause between keystrokes: these tests type whole forms.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <ParticipantsStep brandChannel={brandChannel} departureDate={departureDate} loading={loading} onNext={onNext} />
    </QueryClientProvider>,
  );
  return { ...view, onNext, user };
}

export const section = (name: 'Lead participant' | 'Second participant') => screen.getByRole('region', { name });

/** The text of every message tied to a control, keyed by the control's accessible label. */
export function messageOf(control: HTMLElement): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('field__error'));
  return error?.textContent ?? null;
}

/** Fills a participant by label: everything but the date of birth and the address. */
export async function typeNames(user: UserEvent, scope: HTMLElement, names: { title: string; first: string; last: string; email: string }) {
  await user.selectOptions(within(scope).getByRole('combobox', { name: /^Title/ }), names.title);
  await user.type(within(scope).getByRole('textbox', { name: /^First name/ }), names.first);
  await user.type(within(scope).getByRole('textbox', { name: /^Last name/ }), names.last);
  await user.type(within(scope).getByRole('textbox', { name: /^E-mail address/ }), names.email);
}

/** Picks a date of birth in the 1960s page of the picker: year, month (January), day. */
export async function pickBirthDate(user: UserEvent, scope: HTMLElement, year: number, day: number) {
  await user.click(within(scope).getByRole('combobox', { name: /^Date of birth/ }));
  const dialog = screen.getByRole('dialog', { name: 'Choose date of birth' });
  await user.click(within(dialog).getByRole('button', { name: String(year) }));
  await user.click(within(dialog).getByRole('button', { name: `January ${year}` }));
  await user.click(within(dialog).getByRole('button', { name: `${day} January ${year}` }));
}

export async function typeAddress(user: UserEvent, scope: HTMLElement) {
  await user.type(within(scope).getByRole('textbox', { name: /^Postcode/ }), 'EH1 1YZ');
  await user.type(within(scope).getByRole('textbox', { name: /^Line 1/ }), '1 Princes Street');
  await user.type(within(scope).getByRole('textbox', { name: /^City/ }), 'Edinburgh');
  await user.type(within(scope).getByRole('textbox', { name: /^County/ }), 'Midlothian');
}

export async function chooseSource(user: UserEvent, name: string) {
  const select = await screen.findByRole('combobox', { name: /^How did you hear about us\?/ });
  await within(select).findByRole('option', { name });
  await user.selectOptions(select, name);
}
