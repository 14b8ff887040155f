import { bookingMode, BrandChannel, nonResidentialCutoff } from '@tours/domain';
import { describe, expect, it } from 'vitest';
import { bearer, lead } from './booking-fixtures.ts';
import { build, expectApiError, testClock } from './helper.ts';

const MINUTE = 60_000;

/**
 * The API sells by the domain's 72-hour rule: at 72h00m before an online talk
 * starts (midnight London time on its start date) it is sold, at 71h59m it is
 * not, in summer (BST) and in winter (GMT). The old UTC whole-day count sold
 * it at 71h59m in winter; the page said closed.
 */
describe.each([
  ['summer (BST)', '2027-06-25T09:00:00Z'],
  ['winter (GMT)', '2027-01-04T09:00:00Z'],
])('the 72-hour rule through HTTP in %s', (_season, seededAt) => {
  // Stopped, so 72h00m is exactly that when the request is answered; the seed anchors its dates on the first reading.
  const clock = testClock();
  clock.stopAt(new Date(seededAt));
  const server = build({ clock, env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const talk = BrandChannel.OnlineTalks;

  async function talkDeparture() {
    clock.stopAt(new Date(seededAt));
    const response = await server.app.inject({ method: 'GET', url: '/api/tours' });
    expect(response.statusCode).toBe(200);
    const tour = response.json().data.items.find((item: { code: string }) => item.code === 'OT-BAC');
    const departure = tour.departures[0] as { departure_id: number; start_date: string };
    return { ...departure, cutoff: nonResidentialCutoff(departure.start_date)! };
  }

  async function availability(startDate: string) {
    const found = await server.app.inject({ method: 'GET', url: `/api/tours/find?tour=OT-BAC&departure=${startDate}` });
    expect(found.statusCode, found.body).toBe(200);
    const listed = await server.app.inject({ method: 'GET', url: '/api/tours' });
    const tour = listed.json().data.items.find((item: { code: string }) => item.code === 'OT-BAC');
    const inList = tour.departures.find((d: { start_date: string }) => d.start_date === startDate);
    return { find: found.json().data.available_to_book as boolean, list: inList.available_to_book as boolean };
  }

  it('answers /tours/find and /tours as the domain rule does at 72h00m and 71h59m before the start', async () => {
    const { start_date, cutoff } = await talkDeparture();
    for (const [now, expected] of [
      [cutoff, 'confirmable'],
      [new Date(cutoff.getTime() + MINUTE), 'closed'],
    ] as const) {
      expect(bookingMode(talk, start_date, now)).toBe(expected);
      clock.stopAt(now);
      const open = expected !== 'closed';
      expect(await availability(start_date), now.toISOString()).toEqual({ find: open, list: open });
    }
  });

  it("refuses the booking's own calls from 71h59m: the tour answers NO_RESULTS and the selection SERVICE_FAILURE", async () => {
    const { start_date, departure_id, cutoff } = await talkDeparture();
    // Booked shortly before the cut-off, within the booking token's hour.
    clock.stopAt(new Date(cutoff.getTime() - 50 * MINUTE));
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        brand_channel: talk,
        currency: 'GBP',
        tour_code: 'OT-BAC',
        departure_date: start_date,
        departure_id,
        passengers: [lead],
        source: { id: 63, subsource_id: 165, subsource_description: 'A friend' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const headers = bearer(created.json().data.token.token);
    const tour = () => server.app.inject({ method: 'GET', url: '/api/bookings/tour', headers });
    const select = (tourId: number) => server.app.inject({ method: 'POST', url: '/api/bookings/selection', headers, payload: { tour_id: tourId } });

    clock.stopAt(cutoff);
    const open = await tour();
    expect(open.statusCode, open.body).toBe(200);
    const tourId = open.json().data.id as number;
    const selected = await select(tourId);
    expect(selected.statusCode, selected.body).toBe(200);

    clock.stopAt(new Date(cutoff.getTime() + MINUTE));
    expectApiError(await tour(), 404, 'NO_RESULTS');
    expectApiError(await select(tourId), 409, 'SERVICE_FAILURE');
  });
});
