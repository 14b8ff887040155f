import {
  bookableDeparture,
  chooseHowHeard,
  DEMO_PARTICIPANTS,
  fillParticipant,
  participantSection,
  pickDate,
  startBooking,
} from '../support/booking.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';

/**
 * Step 1 of /book in the browser (spec section 2 'Step 1 participant form',
 * section 5 Participant): every message at its field, the toast, postcode
 * lookup, the date picker, the second participant, 'Other', reload, axe.
 */
let departure: string;

test.beforeAll(async ({ request }) => {
  // More than five weeks away: the departure is confirmable, not optional.
  departure = await bookableDeparture(request, 'MHW-VIE', { minDaysAhead: 40 });
});

test.beforeEach(async ({ page }) => {
  await startBooking(page, { tour: 'MHW-VIE', departure });
  await expect(participantSection(page, 0)).toBeVisible();
});

test('shows every step 1 validation message at its field, the toast, and focuses the first field', async ({ page }) => {
  const lead = participantSection(page, 0);
  // Spaces and a leading + are how people write numbers; letters are what 'Numeric values only' refuses.
  await lead.getByLabel(/^Home telephone/).fill('020 7946 OOl8');
  await lead.getByLabel(/^Mobile telephone/).fill('+44 7700 ext 9');
  await lead.getByRole('combobox', { name: /^Country/ }).selectOption('');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Some validation errors were found' })).toBeVisible();
  const expected = [
    [lead.getByRole('combobox', { name: /^Title/ }), 'Title is required'],
    [lead.getByLabel(/^First name/), 'First name is required'],
    [lead.getByLabel(/^Last name/), 'Last name is required'],
    [lead.getByLabel(/^Home telephone/), 'Numeric values only'],
    [lead.getByLabel(/^Mobile telephone/), 'Numeric values only'],
    [lead.getByLabel(/^E-mail address/), 'Email address is required'],
    [lead.getByRole('combobox', { name: /^Date of birth/ }), 'Date of birth is required'],
    [lead.getByLabel(/^Postcode/), 'Postcode is required'],
    [lead.getByLabel(/^Line 1/), 'Line 1 is required'],
    [lead.getByLabel(/^City/), 'City is required'],
    [lead.getByLabel(/^County/), 'State is required'],
    [lead.getByRole('combobox', { name: /^Country/ }), 'Country is required'],
    [page.getByRole('combobox', { name: /^How did you hear about us\?/ }), 'How you heard is required'],
  ] as const;
  for (const [control, message] of expected) {
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(new RegExp(message));
  }
  await expect(lead.getByRole('combobox', { name: /^Title/ })).toBeFocused();
  await expectNoA11yViolations(page);

  // Correcting a field clears its message at once.
  await lead.getByLabel(/^First name/).fill('Margaret');
  await expect(lead.getByLabel(/^First name/)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(lead.getByText('First name is required')).toHaveCount(0);
});

test('finds an address by postcode and fills the lines, and says when a postcode is unknown or empty', async ({ page }) => {
  const lead = participantSection(page, 0);
  const postcode = lead.getByLabel(/^Postcode/);
  await lead.getByRole('button', { name: 'Find address' }).click();
  await expect(postcode).toHaveAccessibleDescription(/Field required/);

  await postcode.fill('ZZ9 9ZZ');
  await lead.getByRole('button', { name: 'Find address' }).click();
  await expect(postcode).toHaveAccessibleDescription(/Sorry, we were unable to find that post-code\./);
  await expect(lead.getByRole('combobox', { name: 'Choose address' })).toHaveCount(0);

  await postcode.fill('sw1a 2aa');
  await postcode.press('Enter');
  const chooser = lead.getByRole('combobox', { name: 'Choose address' });
  await expect(chooser).toBeVisible();
  // A placeholder and two or more sandbox addresses.
  expect(await chooser.locator('option').count()).toBeGreaterThanOrEqual(3);
  await expect(postcode).toHaveValue('SW1A 2AA');
  await chooser.selectOption({ index: 1 });
  await expect(lead.getByLabel(/^Line 1/)).not.toHaveValue('');
  await expect(lead.getByLabel(/^City/)).not.toHaveValue('');
  await expect(lead.getByLabel(/^County/)).not.toHaveValue('');
  await expect(lead.getByRole('combobox', { name: /^Country/ })).toHaveValue('GBR');
  // The chosen address is the one listed: its first part is line 1.
  const chosenLabel = (await chooser.locator('option').nth(1).textContent()) ?? '';
  await expect(lead.getByLabel(/^Line 1/)).toHaveValue(chosenLabel.split(',')[0]!.trim());
});

test('picks the date of birth year, month, then day, with the mouse or the keyboard', async ({ page }) => {
  const lead = participantSection(page, 0);
  const field = lead.getByRole('combobox', { name: /^Date of birth/ });
  await field.click();
  const dialog = page.getByRole('dialog', { name: 'Choose date of birth' });
  // It opens on the years from 1960.
  await expect(dialog.getByRole('grid', { name: 'Years 1960 to 1979' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '1960', exact: true })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(field).toBeFocused();

  await pickDate(page, field, '1958-04-17');
  await expect(field).toHaveText(/17 Apr 1958/);

  // Keyboard only: Enter opens on the chosen month; arrows move; Enter picks.
  await field.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: '17 April 1958' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(field).toHaveText(/25 Apr 1958/);
  await expect(field).toBeFocused();
});

test('adds and removes the second participant, with their own address only when ticked', async ({ page }) => {
  await page.getByRole('button', { name: 'Add second participant' }).click();
  const second = participantSection(page, 1);
  await expect(second).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Second participant' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Add second participant' })).toHaveCount(0);
  await expect(second.getByLabel(/^Line 1/)).toHaveCount(0);
  await expect(second.getByLabel(/^Special requests/)).toHaveCount(0);

  await second.getByRole('checkbox', { name: /different address/ }).check();
  await expect(second.getByLabel(/^Line 1/)).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(second.getByLabel(/^Line 1/)).toHaveAccessibleDescription(/Line 1 is required/);
  await second.getByRole('checkbox', { name: /different address/ }).uncheck();
  await expect(second.getByLabel(/^Line 1/)).toHaveCount(0);

  await second.getByRole('button', { name: 'Remove second participant' }).click();
  await expect(second).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add second participant' })).toBeFocused();
});

test("reveals a free-text box for 'Other'", async ({ page }) => {
  const other = page.getByLabel('Please tell us where you heard about us');
  await expect(other).toHaveCount(0);
  await chooseHowHeard(page, 'Other', 'A talk at the local library');
  await expect(other).toHaveValue('A talk at the local library');
  await chooseHowHeard(page, 'Our website');
  await expect(other).toHaveCount(0);
});

test('keeps what was typed across a reload', async ({ page }) => {
  await page.getByRole('button', { name: 'Add second participant' }).click();
  await fillParticipant(page, 0, DEMO_PARTICIPANTS[0]);
  await fillParticipant(page, 1, { ...DEMO_PARTICIPANTS[1], address: { line_1: '3 Milton Road', city: 'Manchester', state: 'Lancashire', postal_code: 'M1 1AA' } });
  await participantSection(page, 0).getByRole('checkbox', { name: 'Send me news and offers by post' }).uncheck();
  await chooseHowHeard(page, 'Other', 'Radio 3');

  await page.reload();
  const lead = participantSection(page, 0);
  const second = participantSection(page, 1);
  await expect(lead.getByLabel(/^First name/)).toHaveValue('Margaret');
  await expect(lead.getByRole('combobox', { name: /^Title/ })).toHaveValue('Dr');
  await expect(lead.getByRole('combobox', { name: /^Date of birth/ })).toHaveText(/17 Apr 1958/);
  await expect(lead.getByLabel(/^Postcode/)).toHaveValue('SW1A 2AA');
  await expect(lead.getByLabel(/^Line 1/)).not.toHaveValue('');
  await expect(lead.getByRole('checkbox', { name: 'Send me news and offers by post' })).not.toBeChecked();
  await expect(lead.getByRole('checkbox', { name: 'Send me news and offers by e-mail' })).toBeChecked();
  await expect(second.getByLabel(/^First name/)).toHaveValue('John');
  await expect(second.getByRole('checkbox', { name: /different address/ })).toBeChecked();
  await expect(second.getByLabel(/^City/)).toHaveValue('Manchester');
  await expect(page.getByLabel('Please tell us where you heard about us')).toHaveValue('Radio 3');
});

test('a complete step 1 passes no message and moves on', async ({ page }) => {
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Add second participant' }).click();
  await fillParticipant(page, 0, DEMO_PARTICIPANTS[0]);
  await fillParticipant(page, 1, DEMO_PARTICIPANTS[1]);
  await chooseHowHeard(page, 'Our website');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Some validation errors were found' })).toHaveCount(0);
  await expect(participantSection(page, 0)).toHaveCount(0);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('step 1 has no axe violations and the picker fits the screen', async ({ page }) => {
    await expectNoA11yViolations(page);
    const field = participantSection(page, 0).getByRole('combobox', { name: /^Date of birth/ });
    await field.click();
    const box = await page.getByRole('dialog', { name: 'Choose date of birth' }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  });
});
