import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { MONTH_NAMES } from '../../apps/web/src/components/forms/calendar.ts';

/**
 * Shared steps of the booking-flow browser tests. They act as a visitor does
 * (labels, roles, the date picker's own buttons), so a test that uses them
 * also proves the step can be used that way.
 */

export type TitleChoice = 'Dr' | 'Miss' | 'Mr' | 'Mrs' | 'Ms' | 'Professor' | 'Sir';

/** An address found by postcode (the `choose`-th address listed, the first by default) or typed in. */
export type AddressData =
  | { lookup: string; choose?: number }
  | { line_1: string; line_2?: string; city: string; state: string; postal_code: string; country?: string };

export interface ParticipantData {
  title: TitleChoice;
  given_name: string;
  family_name: string;
  telephone_home?: string;
  telephone_mobile?: string;
  email: string;
  /** 'YYYY-MM-DD', picked year, month, then day. */
  date_of_birth: string;
  /** Required for the lead; for the second participant it ticks 'different address' (absent = the lead's). */
  address?: AddressData;
}

/** Two travellers: the lead found by postcode (sandbox SW1A 2AA), the second sharing the lead's address. */
export const DEMO_PARTICIPANTS: readonly [ParticipantData, ParticipantData] = [
  {
    title: 'Dr',
    given_name: 'Margaret',
    family_name: 'Hale',
    telephone_home: '02079460000',
    telephone_mobile: '07700900123',
    email: 'margaret.hale@example.com',
    date_of_birth: '1958-04-17',
    address: { lookup: 'SW1A 2AA', choose: 0 },
  },
  {
    title: 'Mr',
    given_name: 'John',
    family_name: 'Thornton',
    telephone_mobile: '07700900456',
    email: 'john.thornton@example.com',
    date_of_birth: '1956-11-02',
  },
];

export const PARTICIPANT_HEADINGS = ['Lead participant', 'Second participant'] as const;

/** /book?tour=…&departure=…[&currency=…], as the catalogue's Book links open it. */
export async function startBooking(page: Page, { tour, departure, currency }: { tour: string; departure: string; currency?: string }) {
  const query = new URLSearchParams({ tour, departure, ...(currency ? { currency } : {}) });
  await page.goto(`/book?${query.toString()}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** A seeded departure of `tour` that can be booked, at least `minDaysAhead` days away: the seed dates move with the calendar. */
export async function bookableDeparture(request: APIRequestContext, tour: string, { minDaysAhead = 0 } = {}): Promise<string> {
  const response = await request.get('/api/tours');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as {
    data: { items: { code: string; departures: { start_date: string; available_to_book: boolean }[] }[] };
  };
  const earliest = new Date();
  earliest.setDate(earliest.getDate() + minDaysAhead);
  const from = earliest.toISOString().slice(0, 10);
  const departure = body.data.items
    .find((item) => item.code === tour)
    ?.departures.filter((item) => item.available_to_book && item.start_date >= from)
    .sort((a, b) => a.start_date.localeCompare(b.start_date))[0];
  if (!departure) throw new Error(`No bookable departure of ${tour} in the seed`);
  return departure.start_date;
}

/** The section of one participant: 0 the lead, 1 the second participant. */
export function participantSection(page: Page, index: number): Locator {
  return page.getByRole('region', { name: PARTICIPANT_HEADINGS[index] });
}

/** Picks a date with the date picker: year (paging to it), month, then day. */
export async function pickDate(page: Page, field: Locator, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  await field.click();
  const dialog = page.getByRole('dialog', { name: /^Choose/ });
  await expect(dialog).toBeVisible();
  // With a date already chosen the picker opens on the days; climb back to the years.
  for (const up of [/choose another month/, /choose another year/]) {
    const button = dialog.getByRole('button', { name: up });
    if (await button.isVisible()) await button.click();
  }
  for (let guard = 0; guard < 10; guard++) {
    const label = (await dialog.getByRole('grid').getAttribute('aria-label')) ?? '';
    const [, first, last] = /Years (\d+) to (\d+)/.exec(label)?.map(Number) ?? [];
    if (first === undefined || last === undefined) throw new Error(`Not on the year view: ${label}`);
    if (year >= first && year <= last) break;
    await dialog.getByRole('button', { name: year < first ? 'Earlier years' : 'Later years' }).click();
  }
  const monthName = MONTH_NAMES[month - 1]!;
  await dialog.getByRole('button', { name: String(year), exact: true }).click();
  await dialog.getByRole('button', { name: `${monthName} ${year}`, exact: true }).click();
  await dialog.getByRole('button', { name: `${day} ${monthName} ${year}`, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function fillAddress(page: Page, section: Locator, address: AddressData): Promise<void> {
  if ('lookup' in address) {
    await section.getByLabel('Postcode').fill(address.lookup);
    await section.getByRole('button', { name: 'Find address' }).click();
    const chooser = section.getByRole('combobox', { name: 'Choose address' });
    await expect(chooser).toBeVisible();
    await chooser.selectOption({ index: (address.choose ?? 0) + 1 });
    await expect(section.getByLabel('Line 1')).not.toHaveValue('');
    return;
  }
  await section.getByLabel('Postcode').fill(address.postal_code);
  await section.getByLabel('Line 1').fill(address.line_1);
  await section.getByLabel('Line 2').fill(address.line_2 ?? '');
  await section.getByLabel('City').fill(address.city);
  await section.getByLabel('County').fill(address.state);
  if (address.country) {
    const country = section.getByRole('combobox', { name: /^Country/ });
    await country.selectOption(/^[A-Z]{3}$/.test(address.country) ? address.country : { label: address.country });
  }
}

/** Fills every field of one participant, including the date of birth by the picker and the address. */
export async function fillParticipant(page: Page, index: number, data: ParticipantData): Promise<void> {
  const section = participantSection(page, index);
  await expect(section).toBeVisible();
  await section.getByRole('combobox', { name: /^Title/ }).selectOption(data.title);
  await section.getByLabel(/^First name/).fill(data.given_name);
  await section.getByLabel(/^Last name/).fill(data.family_name);
  await section.getByLabel(/^Home telephone/).fill(data.telephone_home ?? '');
  await section.getByLabel(/^Mobile telephone/).fill(data.telephone_mobile ?? '');
  await section.getByLabel(/^E-mail address/).fill(data.email);
  await pickDate(page, section.getByRole('combobox', { name: /^Date of birth/ }), data.date_of_birth);

  if (index > 0) {
    const own = section.getByRole('checkbox', { name: /different address/ });
    await own.setChecked(data.address !== undefined);
  }
  if (data.address) await fillAddress(page, section, data.address);
}

/** 'How did you hear about us?': a subsource by its name; `otherText` fills the box 'Other' reveals. */
export async function chooseHowHeard(page: Page, name: string, otherText?: string): Promise<void> {
  const select = page.getByRole('combobox', { name: /^How did you hear about us\?/ });
  await expect(select).toBeEnabled();
  await select.selectOption({ label: name });
  if (otherText !== undefined) await page.getByLabel('Please tell us where you heard about us').fill(otherText);
}

/** Fills step 1 for the demo participants (one or both) and presses Next. */
export async function completeParticipantsStep(page: Page, participants: readonly ParticipantData[] = DEMO_PARTICIPANTS.slice(0, 1)) {
  for (const [index, data] of participants.entries()) {
    if (index === 1) await page.getByRole('button', { name: 'Add second participant' }).click();
    await fillParticipant(page, index, data);
  }
  await chooseHowHeard(page, 'Our website');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}
