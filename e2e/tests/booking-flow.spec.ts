import { formatAmount, formatPrice, OPERATOR, SCREEN_TEXT, VALIDATION, type CurrencyCode } from '@tours/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { HOTELS } from '../../apps/api/src/db/seed/data/hotels.ts';
import { TOURS } from '../../apps/api/src/db/seed/data/tours.ts';
import type { DepartureSeed, Prices } from '../../apps/api/src/db/seed/data/types.ts';
import { completeParticipantsStep, DEMO_PARTICIPANTS, startBooking } from '../support/booking.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';

/**
 * The booking flow from the participants to the start of review (issue 3),
 * against the real API and its seeded catalogue. Expected amounts are
 * computed here from the seed's own price constants, never read off the UI.
 */

const [LEAD, SECOND] = DEMO_PARTICIPANTS;
const LEAD_NAME = `${LEAD.title} ${LEAD.given_name} ${LEAD.family_name}`;
const SECOND_NAME = `${SECOND.title} ${SECOND.given_name} ${SECOND.family_name}`;
const DEPOSIT_PERCENT = 15;

interface SeededDeparture {
  date: string;
  seed: DepartureSeed;
}

/**
 * The seeded departure of `code` that starts `startsInDays` after seeding.
 * The catalogue lists a tour's future departures in date order, which is the
 * seed's order of startsInDays; dates move with the calendar, so they are
 * read from the API rather than computed here.
 */
async function seededDeparture(request: APIRequestContext, code: string, startsInDays: number): Promise<SeededDeparture> {
  const tour = TOURS.find((candidate) => candidate.code === code);
  if (!tour) throw new Error(`No seeded tour ${code}`);
  const future = tour.departures.filter((departure) => departure.startsInDays > 0).sort((a, b) => a.startsInDays - b.startsInDays);
  const response = await request.get('/api/tours');
  const body = (await response.json()) as { data: { items: { code: string; departures: { start_date: string }[] }[] } };
  const dates = body.data.items
    .find((item) => item.code === code)!
    .departures.map((departure) => departure.start_date)
    .sort();
  expect(dates).toHaveLength(future.length);
  const index = future.findIndex((departure) => departure.startsInDays === startsInDays);
  if (index < 0) throw new Error(`No departure of ${code} ${startsInDays} days after seeding`);
  return { date: dates[index]!, seed: future[index]! };
}

/** Seed prices of a departure's package, looked up by the names the seed gives them. */
function vienna(departure: DepartureSeed) {
  const pkg = departure.package!;
  const flight = (number: string) => pkg.flightGroups.flatMap((group) => group.flights).find((f) => f.flightNumber === number)!.price;
  const extra = (name: string) => pkg.extras.find((e) => e.name.startsWith(name))!.price;
  const room = (type: string) => pkg.stays.map((stay) => stay.rooms.find((r) => r.type === type)!.price);
  const night = (people: number) => pkg.additionalNights.find((n) => n.occupancy[0] === people)!.price;
  return { flight, extra, room, night };
}

const sum = (currency: CurrencyCode, lines: readonly (readonly [Prices, number])[]) =>
  lines.reduce((total, [price, count]) => total + price[currency] * count, 0);
const deposit = (total: number) => Math.floor((total * DEPOSIT_PERCENT + 50) / 100);

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const next = (page: Page, name: 'Next' | 'Continue to payment' = 'Next') => page.getByRole('button', { name, exact: true });
const summary = (page: Page) => page.getByRole('complementary', { name: 'Booking summary' });
const summaryLine = (page: Page, label: string) => summary(page).locator('.summary-lines__row').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

type DataLayerEntry = Record<string, unknown>;
const dataLayer = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: DataLayerEntry[] }).dataLayer ?? []) as DataLayerEntry[]);

async function dataLayerEvents(page: Page): Promise<string[]> {
  return (await dataLayer(page)).map((entry) => String(entry.event));
}

async function expectCurrentStep(page: Page, label: string) {
  await expect(page.getByRole('navigation', { name: 'Booking progress' }).locator('[aria-current="step"]')).toContainText(label);
}

for (const currency of ['GBP', 'USD'] as const) {
  test(`two participants book MHW-VIE in ${currency} through every sub-step to review, with the seed's totals`, async ({ page, request }) => {
    const { date, seed } = await seededDeparture(request, 'MHW-VIE', 90);
    const prices = vienna(seed);
    const [konigshofDouble, monchsbergDouble] = prices.room('Double');
    const expectedLines = {
      flights: sum(currency, [[prices.flight('OS 457'), 2], [prices.flight('BA 702'), 2]]),
      extras: sum(currency, [[prices.extra('Private visit to the Spanish Riding School'), 2], [prices.extra('Welcome drinks'), 1]]),
      accommodation: sum(currency, [[konigshofDouble!, 2], [monchsbergDouble!, 2]]),
      nights: sum(currency, [[prices.night(2), 2]]),
    };
    const total =
      seed.price[currency] * 2 + expectedLines.flights + expectedLines.extras + expectedLines.accommodation + expectedLines.nights;
    const money = (value: number) => formatAmount(value, currency);
    // Each sub-step's page is checked once, in GBP: in USD the same page differs only in its amounts' text.
    const checkA11y = () => (currency === 'GBP' ? expectNoA11yViolations(page) : Promise.resolve());

    await startBooking(page, { tour: 'MHW-VIE', departure: date, currency });
    // The form starts with the lead alone: 'Participant' until a second is added.
    await expect(stepHeading(page, 'Participant')).toBeVisible();
    await expect(summary(page).getByText('Vienna: Mozart and the Habsburgs')).toBeVisible();
    await expect(summary(page).getByText('With Dr Helena Marsh, Professor Julian Ashby')).toBeVisible();
    await expect(summaryLine(page, 'Price per person')).toHaveText(money(seed.price[currency]));
    await checkA11y();

    await completeParticipantsStep(page, DEMO_PARTICIPANTS);

    // 2a: the mandatory outbound flight is included; each passenger picks the Salzburg return.
    await expect(stepHeading(page, 'Travel arrangements')).toBeVisible();
    await expect(stepHeading(page, 'Travel arrangements')).toBeFocused();
    await expectCurrentStep(page, 'Travel arrangements & extras');
    const bookingId = (await summary(page).locator('.reference-card__value').textContent())!.trim();
    expect(bookingId).toMatch(/^\d+$/);
    await expect(summary(page).getByText(OPERATOR.relationshipTeamPhone)).toBeVisible();
    await expect(page.getByText('BA 702')).toBeVisible();
    // The sold-out Eurowings flight is not offered.
    await expect(page.getByText('EW 7462')).toHaveCount(0);
    await expect(page.getByText(VALIDATION.flightsIncomplete)).toBeVisible();
    await expect(next(page)).toBeDisabled();
    // Every step after the first has Back (issue 9); tests/booking-navigation.spec.ts walks it.
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    const leadFlights = page.getByRole('group', { name: `Flights for ${LEAD_NAME}` });
    const secondFlights = page.getByRole('group', { name: `Flights for ${SECOND_NAME}` });
    await expect(leadFlights.getByRole('radio', { name: /OS 457/ })).toHaveAccessibleName(
      new RegExp(`Austrian Airlines.*\\+${money(prices.flight('OS 457')[currency]).replace('$', '\\$')}pp`),
    );
    await leadFlights.getByRole('radio', { name: /OS 457/ }).check();
    await expect(next(page)).toBeDisabled();
    await secondFlights.getByRole('radio', { name: /OS 457/ }).check();
    await expect(page.getByText(VALIDATION.flightsIncomplete)).toHaveCount(0);
    await checkA11y();
    await next(page).click();

    // 2b: extras per participant.
    await expect(stepHeading(page, 'Extras and options')).toBeVisible();
    const riding = page.getByRole('group', { name: 'Option 1: Private visit to the Spanish Riding School' });
    await expect(riding.getByText(`+${money(prices.extra('Private visit to the Spanish Riding School')[currency])}pp`)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Option 2: Welcome drinks at the Mozarthaus' }).getByText('Included in price')).toBeVisible();
    // Additional nights belong to step 3b, not here.
    await expect(page.getByRole('group', { name: /Additional night/ })).toHaveCount(0);
    await riding.getByRole('checkbox', { name: LEAD_NAME }).check();
    await riding.getByRole('checkbox', { name: SECOND_NAME }).check();
    await page.getByRole('group', { name: 'Option 2: Welcome drinks at the Mozarthaus' }).getByRole('checkbox', { name: LEAD_NAME }).check();
    await checkA11y();
    await next(page).click();

    // 3a: one room type for both hotels.
    await expect(stepHeading(page, 'Accommodation')).toBeVisible();
    await expectCurrentStep(page, 'Accommodation');
    // The hotels under their own names, although the room options spell them 'HOTEL KONIGSHOF' and 'gastehaus monchsberg'.
    const hotels = page.getByRole('region', { name: 'Your hotels' }).getByRole('listitem');
    await expect(hotels).toHaveCount(2);
    await expect(hotels.nth(0)).toContainText(HOTELS.konigshof.name);
    await expect(hotels.nth(0)).toContainText('3 nights');
    await expect(hotels.nth(1)).toContainText(HOTELS.monchsberg.name);
    await expect(hotels.nth(1)).toContainText('2 nights');
    await expect(page.getByRole('radio', { name: /Single room/ })).toHaveCount(0);
    // Until a room is chosen no additional night can follow, so Next would lead to review.
    await expect(next(page, 'Continue to payment')).toBeDisabled();
    await page.getByRole('radio', { name: /Double room/ }).check();
    await checkA11y();
    await next(page).click();

    // 3b: additional nights for two, each passenger choosing.
    await expect(stepHeading(page, 'Additional nights')).toBeVisible();
    const leadNights = page.getByRole('group', { name: `Additional nights for ${LEAD_NAME}` });
    await expect(leadNights.getByRole('radio', { name: 'No additional night' })).toBeChecked();
    await expect(leadNights.getByRole('radio', { name: /Additional night/ })).toHaveCount(1);
    await leadNights.getByRole('radio', { name: /Additional night/ }).check();
    await page.getByRole('group', { name: `Additional nights for ${SECOND_NAME}` }).getByRole('radio', { name: /Additional night/ }).check();
    // Before the server prices the selections the panel previews them, labelled as an estimate.
    await expect(summaryLine(page, 'Estimated total')).toHaveText(money(total));
    await checkA11y();
    await next(page, 'Continue to payment').click();

    // 4a: the server's priced totals.
    await expect(stepHeading(page, 'Booking review & payment')).toBeVisible();
    await expectCurrentStep(page, 'Booking review & payment');
    await expect(summaryLine(page, 'Total')).toHaveText(money(total));
    await expect(summaryLine(page, 'Flights')).toHaveText(money(expectedLines.flights));
    await expect(summaryLine(page, 'Extras')).toHaveText(money(expectedLines.extras));
    // Additional nights are a line of their own (issue 9), not extras.
    await expect(summaryLine(page, 'Additional nights')).toHaveText(money(expectedLines.nights));
    await expect(summaryLine(page, 'Accommodation')).toHaveText(money(expectedLines.accommodation));
    await expect(summaryLine(page, 'Deposit')).toHaveText(money(deposit(total)));
    await expect(summaryLine(page, 'Participants')).toHaveText('2');
    const priceTable = page.locator('.price-table');
    await expect(priceTable.getByRole('row', { name: /^Total/ })).toContainText(money(total));
    await expect(priceTable.getByRole('row', { name: /^Deposit/ })).toContainText(money(deposit(total)));
    await expect(summary(page).locator('.reference-card__value')).toHaveText(bookingId);
    await checkA11y();

    expect(await dataLayerEvents(page)).toEqual([
      'view_cart',
      'begin_checkout',
      'travel_arrangements',
      'extras',
      'accommodation',
      'accommodation_extras',
      'booking_review_and_payment',
    ]);
    const begin = (await dataLayer(page)).find((entry) => entry.event === 'begin_checkout');
    expect(begin).toMatchObject({ tour_code: 'MHW-VIE', currency });
  });
}

test('one participant books TSG-SIC: no extras, so 2b is passed forward and back', async ({ page, request }) => {
  const { date, seed } = await seededDeparture(request, 'TSG-SIC', 45);
  await startBooking(page, { tour: 'TSG-SIC', departure: date });
  await expect(stepHeading(page, 'Participant')).toBeVisible();
  await expectCurrentStep(page, 'Participant');
  await completeParticipantsStep(page, [LEAD]);

  await expect(stepHeading(page, 'Travel arrangements')).toBeVisible();
  const flights = page.getByRole('group', { name: `Flights for ${LEAD_NAME}` });
  await flights.getByRole('radio', { name: /Club Europe/ }).check();
  await next(page).click();

  await expect(stepHeading(page, 'Accommodation')).toBeVisible();
  await expect(page.getByText(SCREEN_TEXT.noExtras)).toHaveCount(0);
  // A party of one is offered the single room only.
  await expect(page.getByRole('radio')).toHaveCount(1);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading(page, 'Travel arrangements')).toBeVisible();
  await expect(flights.getByRole('radio', { name: /Club Europe/ })).toBeChecked();
  await next(page).click();

  await expect(stepHeading(page, 'Accommodation')).toBeVisible();
  await page.getByRole('radio', { name: /Single room/ }).check();
  // No additional nights: the next step is review.
  await next(page, 'Continue to payment').click();
  await expect(stepHeading(page, 'Booking review & payment')).toBeVisible();

  const pkg = seed.package!;
  const club = pkg.flightGroups[0]!.flights.find((flight) => flight.cabinClassName === 'Club Europe')!.price.GBP;
  const single = pkg.stays[0]!.rooms.find((room) => room.type === 'Single')!.price.GBP;
  const total = seed.price.GBP + club + single;
  await expect(summaryLine(page, 'Total')).toHaveText(formatPrice(total, 'GBP'));
  await expect(summaryLine(page, 'Deposit')).toHaveText(formatAmount(deposit(total), 'GBP'));
  await expect(summaryLine(page, 'Participants')).toHaveText('1');
});

for (const code of ['LD-GRE', 'OT-BAC'] as const) {
  test(`${code} skips travel and accommodation and reviews with no deposit`, async ({ page, request }) => {
    const tour = TOURS.find((candidate) => candidate.code === code)!;
    const startsInDays = tour.departures.find((departure) => departure.startsInDays > 7)!.startsInDays;
    const { date, seed } = await seededDeparture(request, code, startsInDays);
    await startBooking(page, { tour: code, departure: date });
    const progress = page.getByRole('navigation', { name: 'Booking progress' }).getByRole('listitem');
    await expect(progress).toHaveText(['1Participant', '2Booking review & payment', '3Confirmation']);
    await completeParticipantsStep(page, [LEAD]);

    await expect(stepHeading(page, 'Booking review & payment')).toBeVisible();
    await expect(summaryLine(page, 'Total')).toHaveText(formatPrice(seed.price.GBP, 'GBP'));
    await expect(summary(page).getByText('Deposit', { exact: true })).toHaveCount(0);
    await expect(page.locator('.price-table').getByRole('row', { name: /^Deposit/ })).toHaveCount(0);
    await expect(page.getByText('Travel arrangements')).toHaveCount(0);
    await expectNoA11yViolations(page);
    // The server answered deposit 0, so full payment is the only way to pay.
    const payment = await page.evaluate(() => JSON.parse(sessionStorage.getItem('tours.payment') ?? '{}') as { state?: { paymentOption?: string } });
    expect(payment.state?.paymentOption).toBe('full');
  });
}

test('MF-BAY: a departure closed to online booking is on request, with an enquiry naming the tour', async ({ page, request }) => {
  const { date } = await seededDeparture(request, 'MF-BAY', 60);
  await startBooking(page, { tour: 'MF-BAY', departure: date });
  await expect(page.getByRole('heading', { name: SCREEN_TEXT.onRequest })).toBeVisible();
  const enquiry = page.getByRole('link', { name: 'Enquire about Bayreuth Festival' });
  const href = decodeURIComponent((await enquiry.getAttribute('href')) ?? '');
  expect(href).toContain(OPERATOR.enquiryUrl);
  expect(href).toContain('Bayreuth Festival (MF-BAY)');
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  expect(await dataLayerEvents(page)).toEqual(['no_availability']);
});

test('MF-BAY: with every room sold, the booking becomes a quote the visitor can quote or retry', async ({ page, request }) => {
  const { date } = await seededDeparture(request, 'MF-BAY', 150);
  await startBooking(page, { tour: 'MF-BAY', departure: date });
  const created = page.waitForResponse((response) => response.url().endsWith('/api/bookings') && response.request().method() === 'POST');
  await completeParticipantsStep(page, [LEAD]);
  const body = (await (await created).json()) as { data: { booking: { id: number } } };
  const id = body.data.booking.id;

  await expect(page.getByText(SCREEN_TEXT.quoteCreated(OPERATOR.regions.DEFAULT.phone, id))).toBeVisible();
  await expect(page.getByText(SCREEN_TEXT.sessionTimedOut)).toBeVisible();
  await expectNoA11yViolations(page);
  // A reload keeps the quote screen: the session is still active.
  await page.reload();
  await expect(page.getByText(SCREEN_TEXT.quoteCreated(OPERATOR.regions.DEFAULT.phone, id))).toBeVisible();

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(stepHeading(page, 'Participant')).toBeVisible();
  await expect(summary(page).locator('.reference-card')).toHaveCount(0);
});

test('without tour or departure, or with an unknown tour, the booking cannot start', async ({ page }) => {
  const warning = SCREEN_TEXT.unableToInitiate(OPERATOR.regions.DEFAULT.phone);
  for (const path of ['/book', '/book?tour=MHW-VIE', '/book?departure=2027-01-01', '/book?tour=NOPE&departure=2027-01-01']) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toContainText(warning);
  }
  await expectNoA11yViolations(page);
});

test('a reload mid-flow resumes at the same step with the same choices, and saves the booking for Home', async ({ page, request }) => {
  const { date } = await seededDeparture(request, 'MHW-VIE', 90);
  await startBooking(page, { tour: 'MHW-VIE', departure: date, currency: 'usd' });
  await completeParticipantsStep(page, [LEAD]);
  await expect(stepHeading(page, 'Travel arrangements')).toBeVisible();
  const flights = page.getByRole('group', { name: `Flights for ${LEAD_NAME}` });
  await flights.getByRole('radio', { name: /BA 2605/ }).check();
  await next(page).click();
  await expect(stepHeading(page, 'Extras and options')).toBeVisible();
  const bookingId = await summary(page).locator('.reference-card__value').textContent();

  await page.reload();
  await expect(stepHeading(page, 'Extras and options')).toBeVisible();
  await expect(summary(page).locator('.reference-card__value')).toHaveText(bookingId!);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(flights.getByRole('radio', { name: /BA 2605/ })).toBeChecked();
  // Prices stay in the booking's currency; an unknown-case 'usd' reads as USD.
  await expect(summaryLine(page, 'Price per person')).toHaveText(/^\$/);
  // While the booking is active, signing in would lose it: the header hides the link away from home.
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-placeholder')).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Travel agents' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);

  await page.goto('/');
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue with your last booking' }).click();
  await expect(stepHeading(page, 'Travel arrangements')).toBeVisible();
  await expect(flights.getByRole('radio', { name: /BA 2605/ })).toBeChecked();
});

test('an expired booking session restarts the booking from the URL', async ({ page, request }) => {
  const { date } = await seededDeparture(request, 'MHW-VIE', 90);
  await startBooking(page, { tour: 'MHW-VIE', departure: date });
  await completeParticipantsStep(page, [LEAD]);
  await expect(stepHeading(page, 'Travel arrangements')).toBeVisible();

  await expect(page.getByRole('group', { name: `Flights for ${LEAD_NAME}` })).toBeVisible();

  // Before the page's own scripts run on the reload, so nothing of the app can write the store back first.
  await page.addInitScript(() => {
    const raw = sessionStorage.getItem('tours.booking');
    if (!raw) return;
    const stored = JSON.parse(raw) as { state: { activeBooking: { expiresAt: number } | null } };
    if (!stored.state.activeBooking) return;
    stored.state.activeBooking.expiresAt = Date.now() - 1_000;
    sessionStorage.setItem('tours.booking', JSON.stringify(stored));
  });
  await page.reload();
  await expect(stepHeading(page, 'Participant')).toBeVisible();
  await expect(page.getByText('Your booking session timed out, so your booking has been started again.')).toBeVisible();
  await expect(summary(page).locator('.reference-card')).toHaveCount(0);
  // What was typed is kept for the new booking.
  await expect(page.getByLabel(/^First name/)).toHaveValue(LEAD.given_name);
});
