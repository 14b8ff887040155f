import { formatShortDate, SCREEN_TEXT, VALIDATION, type AccountBooking, type BookingDetail } from '@tours/domain';
import type { Locator, Page } from '@playwright/test';
import { seedAccountCustomer, type AccountCustomer } from '../support/account.ts';
import { pickDate as pickDateIn } from '../support/booking.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { signInFromHome } from '../support/sign-in.ts';
import { picture, shoot } from '../support/shots.ts';

/**
 * The Passenger information tab and the Notifications modal (issue #12) as
 * a customer uses them: every section saved for both passengers of the
 * booking with a balance (a fresh copy of the demo customer per test, so
 * nothing another test reads changes), copying from passenger 1, every
 * validation message, the Passengers tab's warning icon going once all is
 * answered, and the notifications before and after.
 */

const MARGARET = 'Margaret Ashworth';
const THOMAS = 'Thomas Ashworth';
const S = {
  passport: 'Passport details',
  insurance: 'Travel insurance details',
  joining: 'Where you will be on the eve of departure',
  correspondence: 'Where to send your final documents',
  arrival: 'Where you will join the group',
} as const;
const year = new Date().getFullYear();


/** An account call with the token the site holds, as the page makes it. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(window.sessionStorage.getItem('tours.account-session') ?? 'null') as { state: { accessToken: string } }).state.accessToken,
  );
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const notifications = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
/** The Passengers tab; its name says 'details needed' while the warning icon shows. */
const passengersTab = (page: Page, warning: boolean) =>
  page.getByRole('tablist', { name: 'Booking sections' }).getByRole('tab', { name: warning ? /^Passenger information\W+details needed\W*$/ : /^Passenger information$/ });
const sectionButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });
const section = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
const passengerForm = (page: Page, sectionName: string, passenger: string) => section(page, sectionName).getByRole('form', { name: passenger });
const confirm = (form: Locator) => form.getByRole('button', { name: 'Confirm your answer' }).click();
const messages = (form: Locator) => form.locator('.field__error');

async function signIn(page: Page, customer: AccountCustomer) {
  await page.goto('/');
  await signInFromHome(page, customer.email);
  await expect(page).toHaveURL(/\/account$/);
}

async function openPassengerTab(page: Page, bookingId: number) {
  await page.goto(`/account/booking/${bookingId}?tab=1`);
  await expect(page.getByRole('heading', { level: 2, name: 'Passenger information' })).toBeVisible({ timeout: 20_000 });
}

async function openSection(page: Page, name: string): Promise<Locator> {
  const button = sectionButton(page, name);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  return section(page, name);
}

/** A toast seen, then dismissed, so the next one is surely a new one. */
async function expectToast(page: Page, text: string) {
  const toast = page.locator('.toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss alert' }).click();
  await expect(toast).toHaveCount(0);
}

/** Picks 'YYYY-MM-DD' in the form's date field `label` with the date picker (support/booking.ts, which waits for each view). */
const pickDate = (page: Page, form: Locator, label: string, iso: string) =>
  pickDateIn(page, form.getByRole('combobox', { name: new RegExp(`^${label}`) }), iso);

const field = (form: Locator, label: string) => form.getByRole('textbox', { name: new RegExp(`^${label}`) });

test.describe('passenger information', () => {
  test('every validation message, at its field, with the general validation alert', async ({ page }) => {
    test.setTimeout(120_000);
    const customer = await seedAccountCustomer(page.request, 'passengers-messages');
    await signIn(page, customer);
    await openPassengerTab(page, customer.withBalance.id);
    const { booking } = await api<BookingDetail>(page, `/account/bookings/${customer.withBalance.id}`);

    // Passport: Thomas has none yet; country of residence starts as GBR.
    const passport = passengerForm(page, S.passport, THOMAS);
    await expect(passport.getByRole('combobox', { name: /^Country of residence/ })).toHaveValue('GBR');
    await passport.getByRole('combobox', { name: /^Country of residence/ }).selectOption('');
    await confirm(passport);
    await expect(messages(passport)).toHaveText([
      'Passport name is required',
      'Document number is required',
      'Nationality is required',
      'Place of issue is required',
      'Country of residence is required',
      'Place of birth is required',
      'Issue date is required',
      'Expiry date is required',
      'Date of birth is required',
    ]);
    await expect(passport.getByRole('textbox', { name: /^Passport name/ })).toBeFocused();
    await expectToast(page, 'Some validation errors were found');
    await expectNoA11yViolations(page);
    await shoot(page, 'passengers-passport-messages');

    // A passport that expires before the tour's last day is refused, with why.
    await passport.getByRole('combobox', { name: /^Country of residence/ }).selectOption('GBR');
    await field(passport, 'Passport name').fill('Passport');
    await field(passport, 'Document number').fill('533401234');
    await passport.getByRole('combobox', { name: /^Nationality/ }).selectOption('GBR');
    await field(passport, 'Place of issue').fill('HM Passport Office');
    await field(passport, 'Place of birth').fill('York');
    // Every error at once: the dates' order is checked while a required field (the date of birth) is still empty.
    // Issued and expiring today, the latest issue and the earliest expiry the pickers offer: not after the issue.
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    await pickDate(page, passport, 'Issue date', today);
    await pickDate(page, passport, 'Expiry date', today);
    await confirm(passport);
    await expect(messages(passport)).toHaveText([VALIDATION.expiryBeforeIssue, 'Date of birth is required']);

    await pickDate(page, passport, 'Issue date', '2018-05-20');
    const tooSoon = new Date(`${booking.end_date}T12:00:00`);
    tooSoon.setDate(tooSoon.getDate() - 1);
    await pickDate(page, passport, 'Expiry date', tooSoon.toISOString().slice(0, 10));
    await pickDate(page, passport, 'Date of birth', '1956-11-02');
    await confirm(passport);
    await expect(messages(passport)).toHaveText([VALIDATION.passportExpiresBeforeTour]);
    await expect(passport).toContainText(`It must be valid until the tour ends on ${formatShortDate(booking.end_date)}.`);
    await expectToast(page, 'Some validation errors were found');

    // Insurance: the dates are required (the expiry's message says 'Expiry date'), the emergency number numeric.
    await openSection(page, S.insurance);
    const insurance = passengerForm(page, S.insurance, THOMAS);
    await field(insurance, 'Emergency telephone number').fill('my daughter');
    await confirm(insurance);
    await expect(messages(insurance)).toHaveText(['Issue date is required', 'Expiry date is required', 'Numeric values only']);
    await expectToast(page, 'Some validation errors were found');
    // Reversed dates and the non-numeric number: both messages on one Confirm.
    await pickDate(page, insurance, 'Issue date', '2027-03-10');
    await pickDate(page, insurance, 'Expiry date', '2027-03-01');
    await confirm(insurance);
    await expect(messages(insurance)).toHaveText([VALIDATION.expiryBeforeIssue, 'Numeric values only']);
    await expect(sectionButton(page, S.passport)).toHaveAttribute('aria-expanded', 'false');

    // Correspondence: a choice, then the alternate address's required lines.
    const correspondence = await openSection(page, S.correspondence);
    await confirm(correspondence);
    await expect(messages(correspondence)).toHaveText(['Value is required']);
    await expectToast(page, 'Some validation errors were found');
    await correspondence.getByRole('radio', { name: 'Use an alternate address' }).check();
    await correspondence.getByRole('combobox', { name: /^Country/ }).selectOption('');
    await confirm(correspondence);
    await expect(messages(correspondence)).toHaveText([
      'Postal code is required',
      'Line 1 is required',
      'City is required',
      'State is required',
      'Country is required',
    ]);
    await expect(correspondence.getByRole('textbox', { name: /^Postal code/ })).toBeFocused();
    await expectToast(page, 'Some validation errors were found');
    await expectNoA11yViolations(page);
    await shoot(page, 'passengers-correspondence-messages');

    // Nothing was saved.
    const after = await api<BookingDetail>(page, `/account/bookings/${customer.withBalance.id}`);
    expect(after.passengers.find((p) => p.forename === 'Thomas')?.apis).toBeNull();
    expect(after.booking.correspondence).toBeNull();
  });

  test('both passengers answer every section, copying from passenger 1; the warning icon and the notification go', async ({ page }) => {
    test.setTimeout(180_000);
    const customer = await seedAccountCustomer(page.request, 'passengers-complete');
    await page.goto('/');
    await signInFromHome(page, customer.email);

    // The notifications open by themselves after signing in: both upcoming bookings depart within 90 days with details missing.
    const modal = notifications(page);
    await expect(modal).toBeVisible({ timeout: 20_000 });
    const bookings = (await api<{ items: AccountBooking[] }>(page, '/account/bookings')).items;
    const withBalance = bookings.find((b) => b.id === customer.withBalance.id)!;
    const items = modal.getByRole('listitem');
    await expect(items).toHaveCount(2);
    const item = items.filter({ hasText: customer.withBalance.reference });
    await expect(item.getByRole('heading', { level: 3 })).toHaveText(withBalance.principal_component_name);
    await expect(item).toContainText(`From ${formatShortDate(withBalance.start_date)} - ${formatShortDate(withBalance.end_date)}`);
    await expect(item).toContainText(SCREEN_TEXT.detailsRequiredSoon);
    await expect(item.getByRole('link', { name: 'View Booking' })).toHaveAttribute('href', `/account/booking/${customer.withBalance.id}`);
    await expect(items.filter({ hasText: customer.paidInFull.reference })).toHaveCount(1);
    await expectNoA11yViolations(page);
    await shoot(page, 'passengers-notifications');
    await item.getByRole('link', { name: 'View Booking' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/booking/${customer.withBalance.id}$`));
    await expect(modal).toHaveCount(0);

    await expect(passengersTab(page, true)).toBeVisible({ timeout: 20_000 });
    await passengersTab(page, true).click();

    // Passport: Margaret's is on file; Thomas gives his (no copying passports).
    await expect(passengerForm(page, S.passport, MARGARET)).toContainText('Answered');
    const passport = passengerForm(page, S.passport, THOMAS);
    await expect(passport.getByRole('button', { name: 'Copy details from passenger 1' })).toHaveCount(0);
    await field(passport, 'Passport name').fill('Passport');
    await field(passport, 'Document number').fill('533401234');
    await passport.getByRole('combobox', { name: /^Nationality/ }).selectOption('GBR');
    await field(passport, 'Place of issue').fill('HM Passport Office');
    await field(passport, 'Place of birth').fill('York');
    await pickDate(page, passport, 'Issue date', '2021-03-08');
    await pickDate(page, passport, 'Expiry date', `${year + 5}-03-08`);
    await pickDate(page, passport, 'Date of birth', '1956-11-02');
    await expect(passport.getByRole('combobox', { name: /^Date of birth/ })).toContainText('02 Nov 1956');
    await confirm(passport);
    await expectToast(page, 'Details successfully updated.');
    await expect(passport).toContainText('Answered');
    await expect(sectionButton(page, S.passport)).toContainText('Complete');

    // Insurance: Thomas copies Margaret's policy.
    await openSection(page, S.insurance);
    const insurance = passengerForm(page, S.insurance, THOMAS);
    await insurance.getByRole('button', { name: 'Copy details from passenger 1' }).click();
    await expect(field(insurance, 'Policy number')).toHaveValue('CMT-55120-88');
    await expect(insurance.getByRole('combobox', { name: /^Expiry date/ })).toContainText('31 Dec 2030');
    await confirm(insurance);
    await expectToast(page, 'Details successfully updated.');
    await expect(sectionButton(page, S.insurance)).toContainText('Complete');

    // Joining information: Margaret writes, Thomas copies.
    await openSection(page, S.joining);
    const joiningFirst = passengerForm(page, S.joining, MARGARET);
    await joiningFirst.getByRole('textbox').fill('<b>Hotel Sacher</b>, Vienna, the night before');
    await confirm(joiningFirst);
    await expectToast(page, 'Details successfully updated.');
    await expect(joiningFirst.getByRole('textbox')).toHaveValue('Hotel Sacher, Vienna, the night before');
    const joiningSecond = passengerForm(page, S.joining, THOMAS);
    await joiningSecond.getByRole('button', { name: 'Copy details from passenger 1' }).click();
    await confirm(joiningSecond);
    await expectToast(page, 'Details successfully updated.');

    // Correspondence: an alternate address.
    const correspondence = await openSection(page, S.correspondence);
    await correspondence.getByRole('radio', { name: 'Use an alternate address' }).check();
    await field(correspondence, 'Postal code').fill('EH1 1YZ');
    await field(correspondence, 'Line 1').fill('12 Royal Mile');
    await field(correspondence, 'Line 2').fill('Flat 3');
    await field(correspondence, 'City').fill('Edinburgh');
    await field(correspondence, 'County').fill('Midlothian');
    await confirm(correspondence);
    await expectToast(page, 'Details successfully updated.');

    // Arrival: the hint, then Margaret writes and Thomas copies; the warning goes with the last answer.
    const arrival = await openSection(page, S.arrival);
    await expect(arrival.getByText(/group flight/).first()).toBeVisible();
    const arrivalFirst = passengerForm(page, S.arrival, MARGARET);
    await arrivalFirst.getByRole('textbox').fill('On the group flight from Heathrow');
    await confirm(arrivalFirst);
    await expectToast(page, 'Details successfully updated.');
    await expect(passengersTab(page, true)).toBeVisible();
    const arrivalSecond = passengerForm(page, S.arrival, THOMAS);
    await arrivalSecond.getByRole('button', { name: 'Copy details from passenger 1' }).click();
    await expect(arrivalSecond.getByRole('status')).toHaveText('Details copied from Margaret Ashworth. Check them, then confirm your answer.');
    await confirm(arrivalSecond);
    await expectToast(page, 'Details successfully updated.');
    await expect(passengersTab(page, false)).toBeVisible();
    await expect(page.getByRole('tablist').locator('.tab-switcher__warning')).toHaveCount(0);
    await shoot(page, 'passengers-complete');

    // The server holds it all; a reload shows it.
    const saved = await api<BookingDetail>(page, `/account/bookings/${customer.withBalance.id}`);
    expect(saved.booking.details_complete).toBe(true);
    const thomas = saved.passengers.find((p) => p.forename === 'Thomas')!;
    expect(thomas.insurance?.policy_number).toBe('CMT-55120-88');
    expect(thomas.joining_information).toEqual({ joining_text: 'Hotel Sacher, Vienna, the night before' });
    expect(thomas.arrival_time).toBe('On the group flight from Heathrow');
    expect(saved.booking.correspondence).toEqual({
      send_to: 'alternate_address',
      alternate_address: { line_1: '12 Royal Mile', line_2: 'Flat 3', line_3: '', city: 'Edinburgh', state: 'Midlothian', postal_code: 'EH1 1YZ', country: 'GBR' },
    });
    await page.reload();
    await expect(sectionButton(page, S.correspondence)).toContainText('Complete', { timeout: 20_000 });
    await openSection(page, S.correspondence);
    await expect(section(page, S.correspondence).getByRole('radio', { name: 'Use an alternate address' })).toBeChecked();
    await expect(field(section(page, S.correspondence), 'Line 1')).toHaveValue('12 Royal Mile');

    // Back on /account: the modal does not open by itself again this session; its button lists only the other booking now.
    await page.getByRole('link', { name: 'Back to your bookings' }).click();
    const button = page.getByRole('button', { name: /^Notifications/ });
    await expect(button).toHaveText('Notifications1', { timeout: 20_000 });
    await expect(modal).toHaveCount(0);
    await button.click();
    await expect(modal.getByRole('listitem')).toHaveCount(1);
    await expect(modal).toContainText(customer.paidInFull.reference);
    await expect(modal).not.toContainText(customer.withBalance.reference);
  });

  test('works on a 375 px phone: the accordion, the forms and the dropdown of tabs fit', async ({ page }) => {
    test.setTimeout(120_000);
    const customer = await seedAccountCustomer(page.request, 'passengers-phone');
    await signIn(page, customer);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/account/booking/${customer.withBalance.id}`);
    await page.getByLabel('Show').selectOption({ index: 1 });
    await expect(page.getByRole('heading', { level: 2, name: 'Passenger information' })).toBeVisible({ timeout: 20_000 });
    const arrival = await openSection(page, S.arrival);
    const form = passengerForm(page, S.arrival, MARGARET);
    await form.getByRole('textbox').fill('Making my own way, arriving at 4 pm');
    await confirm(form);
    await expectToast(page, 'Details successfully updated.');
    await expect(arrival.getByRole('form', { name: MARGARET })).toContainText('Answered');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
    await openSection(page, S.passport);
    const dateField = passengerForm(page, S.passport, THOMAS).getByRole('combobox', { name: /^Issue date/ });
    const box = (await dateField.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await picture(page, 'passengers-phone-375');
  });
});
