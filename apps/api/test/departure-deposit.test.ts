import { CATALOGUE_MESSAGES, DEPOSIT_PERCENT, departureEtag, depositFor } from '@tours/domain';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { createBooking, optionIds, submit, type CreatedTestBooking } from './booking-fixtures.ts';
import { departureInput, tourWithDeparture } from './catalogue-fixtures.ts';
import { build, expectApiError, today } from './helper.ts';
import { confirm, openPayment, payToken, requestToken, tokenRequest } from './payment-fixtures.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';

/**
 * Issue 27: a departure's own deposit, where it differs from the operator's
 * 15%. New bookings are sold under it (the site's figures, the card payment
 * it asks for, the review's words); a booking keeps the percentage it was
 * sold under when staff change the departure afterwards, and a cancellation
 * keeps that deposit. Through HTTP as the site and the console call it.
 */

const START_IN_DAYS = 200;

describe("a departure's own deposit", () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const app = () => server.app;
  let catalogue: StaffCaller;
  const staffCall = async (caller: StaffCaller, method: 'GET' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app().inject({ method, url: `/api/staff${url}`, headers: { ...caller.headers, ...headers }, ...(payload ? { payload } : {}) });

  /** Sets the departure's deposit rule as the console's form does. */
  async function setDeposit(departureId: number, start: string, depositPercent: number | null | string, reason: string) {
    catalogue ??= await staffSession(app(), ['catalogue']);
    const read = (await staffCall(catalogue, 'GET', `/catalogue/departures/${departureId}`)).json().data;
    return staffCall(catalogue, 'PUT', `/catalogue/departures/${departureId}`, { ...departureInput(start, { deposit_percent: depositPercent as number | null, prices: read.prices }), reason }, { 'if-match': departureEtag(read) });
  }

  /** A booking for one with a single room at the test hotel, priced: the figures the review shows. */
  async function pricedBooking(code: string) {
    const booking = await createBooking(app(), { code, startsInDays: START_IN_DAYS });
    const ids = await optionIds(app(), booking);
    const priced = await submit(app(), booking, {
      flights: [{ component_id: ids.flight('OS 456'), passenger_ids: booking.passengerIds }],
      accommodation: [{ component_id: ids.room('Hotel Sacher', 'Single'), passenger_ids: booking.passengerIds }],
    });
    expect(priced.statusCode, priced.body).toBe(200);
    return { booking, details: priced.json().data };
  }

  const paymentDetails = async (booking: CreatedTestBooking) => (await app().inject({ method: 'GET', url: '/api/bookings/payment-details', headers: booking.headers })).json().data.details;

  it('refuses a deposit that is not a whole percentage from 0 to 100 with its field message', async () => {
    const { departureId, start } = await tourWithDeparture(app(), today(), START_IN_DAYS);
    for (const bad of [101, -1, 12.5, 'twenty']) {
      const refused = await setDeposit(departureId, start, bad, 'Trying a bad deposit');
      expectApiError(refused, 400, 'VALIDATION_FAILED');
      expect(refused.json().error.fields).toEqual({ deposit_percent: CATALOGUE_MESSAGES.depositPercent });
    }
    const read = (await staffCall(catalogue, 'GET', `/catalogue/departures/${departureId}`)).json().data;
    expect(read.deposit_percent).toBeNull();
  });

  it('sells new bookings under the departure\'s deposit, keeps each booking\'s own when staff change it, and a cancellation keeps that deposit', async () => {
    const { departureId, start, tourId } = await tourWithDeparture(app(), today(), START_IN_DAYS);
    catalogue ??= await staffSession(app(), ['catalogue']);
    const { code } = (await staffCall(catalogue, 'GET', `/catalogue/tours/${tourId}`)).json().data;

    // Without its own rule: the operator's 15%.
    const usual = await pricedBooking(code);
    expect(usual.details.deposit_percent).toBe(DEPOSIT_PERCENT);
    expect(usual.details.deposit.value).toBe(depositFor(usual.details.total_price.value, DEPOSIT_PERCENT));

    const ruled = await setDeposit(departureId, start, 25, 'Hotel wants more up front');
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(ruled.json().data.deposit_percent).toBe(25);
    const [entry] = await app().db.select().from(auditLog).where(and(eq(auditLog.entityType, 'departure'), eq(auditLog.entityId, String(departureId)))).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'catalogue.departure-changed', reason: 'Hotel wants more up front', before: { deposit_percent: null }, after: { deposit_percent: 25 } });

    // A booking made now: 25% of its total, to the penny, in its figures and the card payment it asks for.
    const { booking, details } = await pricedBooking(code);
    const total = details.total_price.value;
    expect(details.deposit_percent).toBe(25);
    expect(details.deposit.value).toBe(depositFor(total, 25));
    // The operator's usual 15% is not what this booking owes: the card form is not opened for it.
    const fifteen = await requestToken(app(), booking, tokenRequest(booking, depositFor(total, DEPOSIT_PERCENT)));
    expect(fifteen.statusCode, fifteen.body).toBeGreaterThanOrEqual(400);
    expect(fifteen.statusCode).toBeLessThan(500);
    const providerPaymentId = await payToken(app(), (await openPayment(app(), booking, depositFor(total, 25))).token);
    const confirmed = await confirm(app(), booking, providerPaymentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // Staff change the departure again: new bookings take 40%; the two made before keep 15% and 25%.
    expect((await setDeposit(departureId, start, 40, 'Spring offer ends')).statusCode).toBe(200);
    const later = await pricedBooking(code);
    expect(later.details.deposit).toEqual({ currency_code: 'GBP', value: depositFor(later.details.total_price.value, 40) });
    const kept = await paymentDetails(usual.booking);
    expect(kept.deposit_percent).toBe(DEPOSIT_PERCENT);
    expect(kept.deposit.value).toBe(depositFor(usual.details.total_price.value, DEPOSIT_PERCENT));

    // Cancelled more than 60 days out: the operator keeps the deposit the customer paid, 25%, and refunds nothing more.
    const finance = await staffSession(app(), ['finance']);
    const preview = (await staffCall(finance, 'GET', `/bookings/${booking.id}/cancellation`)).json().data;
    expect(preview.deposit.value).toBe(depositFor(total, 25));
    expect(preview.charge.value).toBe(depositFor(total, 25));
    expect(preview.paid.value).toBe(depositFor(total, 25));
    expect(preview.refund.value).toBe(0);

    // Back to the operator's rule: empty in the form, null in the call.
    const cleared = await setDeposit(departureId, start, null, 'Back to the usual deposit');
    expect(cleared.json().data.deposit_percent).toBeNull();
    expect((await pricedBooking(code)).details.deposit_percent).toBe(DEPOSIT_PERCENT);
  });
});
