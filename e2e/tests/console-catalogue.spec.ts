import { formatAmount } from '@tours/domain';
import type { BrowserContext, Page } from '@playwright/test';
import { completeParticipantsStep, DEMO_PARTICIPANTS, startBooking } from '../support/booking.ts';
import { addVirtualAuthenticator, consoleContext, signInAsDemoAdmin } from '../support/console.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { drawnJpeg } from '../support/pictures.ts';
import { picture } from '../support/shots.ts';
import { acceptTermsAndWaitForCardForm, payByCard, stepHeading } from '../support/payment.ts';
import { chooseRoomAndReview, expectConfirmation, uniqueEmail } from '../support/review.ts';
import { chooseRoomAndReviewAsAgent, DEMO_AGENT, verifyAgentInModal } from '../support/agent-booking.ts';

/**
 * Issue 27: the operator sells its own tour. An administrator (who holds
 * the catalogue's permission) adds a tour in the console with its picture, a departure with
 * its places and prices, and a room, a flight and an extra on it; a visitor
 * then finds the tour on /tours, books it with that flight and room, and
 * pays the deposit; a travel agency books it for a client. The rules behind each form (stock, prices, ETags, the
 * CSV import) are proven through HTTP in catalogue-management.test.ts.
 */

const CODE = `E2E-${Date.now().toString(36).toUpperCase().slice(-6)}`;
const NAME = 'The Danube by Steamer';
const PICTURE_ALT = 'The river at Dürnstein under a blue sky';
const START = new Date(Date.now() + 150 * 86_400_000).toISOString().slice(0, 10);
const END = new Date(Date.now() + 154 * 86_400_000).toISOString().slice(0, 10);

async function fillPrices(scope: Page | ReturnType<Page['getByRole']>, [gbp, usd, aud]: [string, string, string]) {
  await scope.getByLabel('GBP').fill(gbp);
  await scope.getByLabel('USD').fill(usd);
  await scope.getByLabel('AUD').fill(aud);
}

test.describe('the catalogue in the console, then on the site', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, server }) => {
    context = await consoleContext(browser, server);
    page = await context.newPage();
    await addVirtualAuthenticator(page);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test('staff add a tour, a departure, and a room, a flight and an extra on it', async () => {
    await signInAsDemoAdmin(page);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Tours' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tours' })).toBeVisible();
    await page.getByRole('link', { name: 'Add a tour' }).click();

    // The contract's own messages, before anything is sent.
    await page.getByRole('button', { name: 'Add the tour' }).click();
    await expect(page.getByLabel('Tour code')).toHaveAccessibleDescription(/Use 1 to 20 capital letters/);
    await expect(page.getByLabel(/^Name/)).toHaveAccessibleDescription(/Name is required/);

    await page.getByLabel('Tour code').fill(CODE.toLowerCase());
    await page.getByLabel('Brand channel').selectOption({ label: 'Music & History Weekends' });
    await page.getByLabel(/^Name/).fill(NAME);
    await page.getByLabel('Description', { exact: true }).fill('Vienna, Melk and Dürnstein by river');
    await page.getByLabel('Summary').fill('Five days on the Danube with concerts each evening.');
    await page.getByLabel('Day 1 title').fill('Vienna');
    await page.getByRole('button', { name: 'Add a day' }).click();
    await page.getByLabel('Day 2 title').fill('Melk Abbey');
    await page.getByLabel('What is included').fill('Four nights in hotels\nAll concerts');
    await page.getByLabel('Reason for the change').fill('New programme for next season');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Add the tour' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${CODE}: ${NAME}` })).toBeVisible();
    await expect(page.getByText(`${CODE} is added. Add its departures below.`)).toBeVisible();

    // Its main picture: drawn in the page as a camera's JPEG would arrive, uploaded, checked and resized by the server.
    const jpeg = await drawnJpeg(page, { width: 1600, height: 900, from: '#2f5d8a', to: '#9fc3d8' });
    await page.getByLabel(/^Picture file/).setInputFiles({ name: 'danube.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByLabel(/^What the picture shows/).fill(PICTURE_ALT);
    await page.getByRole('region', { name: 'Add a picture' }).getByLabel(/^Reason/).fill('Photograph from the recce');
    await page.getByRole('button', { name: 'Upload the picture' }).click();
    await expect(page.getByRole('region', { name: 'Pictures' }).getByRole('img', { name: PICTURE_ALT })).toBeVisible();

    await page.getByRole('button', { name: 'Add a departure' }).click();
    const newDeparture = page.getByRole('form', { name: 'New departure' });
    await newDeparture.getByLabel('Start date').fill(START);
    await newDeparture.getByLabel('End date').fill(END);
    await newDeparture.getByLabel('Places').fill('12');
    // This departure asks a quarter up front, not the usual 15%.
    await newDeparture.getByLabel('Deposit, % of the total').fill('25');
    await fillPrices(newDeparture, ['1950.00', '2495', '3699.50']);
    await newDeparture.getByLabel('Reason for the change').fill('New programme for next season');
    await newDeparture.getByRole('button', { name: 'Add the departure' }).click();
    await expect(newDeparture.getByRole('status')).toContainText('is added');
    await page.getByRole('table', { name: `Departures of ${CODE}` }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${CODE}, `) })).toBeVisible();
    await expect(page.getByText('12 places: 0 sold, 0 held by bookings in progress.')).toBeVisible();

    const add = async (kind: string) => {
      await page.getByLabel('Add', { exact: true }).selectOption({ label: kind });
      await page.getByRole('button', { name: `Add ${kind === 'Extra' ? 'an' : 'a'} ${kind.toLowerCase()}` }).click();
      return page.getByRole('dialog');
    };
    let dialog = await add('Room');
    await dialog.getByLabel(/^Hotel \(/).fill('Hotel Sacher');
    await dialog.getByLabel('City').fill('Vienna');
    await dialog.getByLabel('Room type').selectOption('Single');
    await dialog.getByLabel(/^Name/).fill('Single room');
    await dialog.getByLabel('Nights').fill('4');
    await dialog.getByLabel('Rooms').fill('4');
    await fillPrices(dialog, ['450', '575', '850']);
    await dialog.getByLabel('Reason for the change').fill('Rooms contracted');
    await dialog.getByRole('button', { name: 'Add the room' }).click();
    await expect(dialog).toBeHidden();

    dialog = await add('Flight');
    await dialog.getByLabel('Flight group').fill('Outbound flights');
    await dialog.getByLabel('Flight number').fill('OS 456');
    await dialog.getByLabel('Airline').fill('Austrian Airlines');
    await dialog.getByLabel(/^From/).fill('lhr');
    await dialog.getByLabel(/^To \(/).fill('VIE');
    await dialog.getByLabel('Departs (UTC)').fill(`${START}T09:00`);
    await dialog.getByLabel('Arrives (UTC)').fill(`${START}T08:00`);
    await dialog.getByLabel('Seats').fill('10');
    await fillPrices(dialog, ['0', '0', '0']);
    await dialog.getByLabel('Reason for the change').fill('Seats contracted');
    await dialog.getByRole('button', { name: 'Add the flight' }).click();
    await expect(dialog.getByLabel('Arrives (UTC)')).toHaveAccessibleDescription(/The arrival must be after the departure/);
    await dialog.getByLabel('Arrives (UTC)').fill(`${START}T12:20`);
    await dialog.getByRole('button', { name: 'Add the flight' }).click();
    await expect(dialog).toBeHidden();

    dialog = await add('Extra');
    await dialog.getByLabel(/^Name/).fill('Opera at the Staatsoper');
    await dialog.getByLabel('Units').fill('6');
    await fillPrices(dialog, ['180', '230', '340']);
    await dialog.getByLabel('Reason for the change').fill('Tickets bought');
    await dialog.getByRole('button', { name: 'Add the extra' }).click();
    await expect(dialog).toBeHidden();

    const options = page.getByRole('table', { name: 'Options of the departure' });
    await expect(options.getByRole('row')).toHaveCount(4);
    await expect(options).toContainText('Hotel Sacher, Vienna: Single room (Single)');
    await expect(options).toContainText('Outbound flights: OS 456 LHR to VIE');
    await expect(options).toContainText('Opera at the Staatsoper');
    await expectNoA11yViolations(page);
    await picture(page, 'console-catalogue-departure');
  });

  test('a visitor finds the new tour on /tours, books it with its flight and the room, and pays the deposit', async ({ page: visitor }) => {
    await visitor.goto('/tours');
    await expect(visitor.getByRole('link', { name: new RegExp(NAME) }).first()).toBeVisible();
    // The tour's card shows the picture staff uploaded (lazily loaded: scrolled to first).
    const hero = visitor.getByRole('img', { name: PICTURE_ALT }).first();
    await hero.scrollIntoViewIfNeeded();
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);

    const lead = DEMO_PARTICIPANTS[0];
    await startBooking(visitor, { tour: CODE, departure: START });
    await completeParticipantsStep(visitor, [lead]);
    await expect(stepHeading(visitor, 'Travel arrangements')).toBeVisible();
    // One flight in a mandatory group: included for everyone, nothing to choose.
    await expect(visitor.getByRole('region', { name: 'Flights included for every passenger' })).toContainText('OS 456');
    await visitor.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(stepHeading(visitor, 'Extras and options')).toBeVisible();
    await visitor.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(stepHeading(visitor, 'Accommodation')).toBeVisible();
    const details = await chooseRoomAndReview(visitor, 'Single room');
    // The tour's £1,950 and the single room's £450, as staff priced them.
    expect(details.total_price.value).toBe(195_000 + 45_000);
    await expect(visitor.locator('.price-table').getByRole('row', { name: /^Total/ })).toContainText(formatAmount(240_000, 'GBP'));
    // The departure's own deposit, 25% of £2,400: what the review says and the card is asked for.
    expect(details.deposit.value).toBe(60_000);
    await expect(visitor.locator('.price-table').getByRole('row', { name: /^Deposit/ })).toContainText(`25% of the total${formatAmount(60_000, 'GBP')}`);

    await acceptTermsAndWaitForCardForm(visitor);
    await payByCard(visitor);
    await expectConfirmation(visitor, { paid: details.deposit.value, balance: details.total_price.value - details.deposit.value, balanceDue: details.balance_due });
  });

  test('a travel agency books the new tour for a client, without paying online', async ({ page: agent }) => {
    await agent.goto('/');
    await verifyAgentInModal(agent, { agentId: DEMO_AGENT.id, email: DEMO_AGENT.staffEmail, agentName: DEMO_AGENT.name });
    await startBooking(agent, { tour: CODE, departure: START });
    await completeParticipantsStep(agent, [{ ...DEMO_PARTICIPANTS[0], email: uniqueEmail('catalogue-agent-client') }]);
    await expect(stepHeading(agent, 'Travel arrangements')).toBeVisible();
    await agent.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(stepHeading(agent, 'Extras and options')).toBeVisible();
    await agent.getByRole('button', { name: 'Next', exact: true }).click();
    const details = await chooseRoomAndReviewAsAgent(agent, 'Single room');
    expect(details.total_price.value).toBe(195_000 + 45_000);
    await agent.getByRole('checkbox', { name: 'I accept the travel agent terms and conditions on behalf of my client' }).check();
    const confirmed = agent.waitForResponse((response) => response.url().endsWith('/api/bookings/agent-confirm'));
    await agent.getByRole('button', { name: 'Confirm Booking' }).click();
    expect((await confirmed).status()).toBe(200);
  });

  test("the console shows the departure's sales", async () => {
    await page.reload();
    await expect(page.getByText('12 places: 2 sold, 0 held by bookings in progress.')).toBeVisible();
    const room = page.getByRole('table', { name: 'Options of the departure' }).getByRole('row', { name: /Single room/ });
    await expect(room.getByRole('cell').nth(3)).toHaveText('2');
    await expect(room.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await page.setViewportSize({ width: 820, height: 1100 });
    await picture(page, 'console-catalogue-departure-tablet');
  });
});
