import { formatAmount, formatLongDate } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingComponents } from '../src/db/schema/index.ts';
import { createBooking, lead, optionList, second, submit, type CreatedTestBooking } from './booking-fixtures.ts';
import { readable } from './email-reading.ts';
import { build, today } from './helper.ts';
import { addDays } from '../src/db/seed/dates.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms, SITE_ORIGIN } from './payment-fixtures.ts';

/**
 * The confirmation e-mail of a real booking, confirmed through HTTP on the
 * real database engine: its HTML and plain-text parts state the reference,
 * dates, passengers, every line at its exact price, what was paid and what
 * is owed, and the account link. Expected figures are worked out here from
 * the prices the option lists answered and the passengers each was given.
 */

interface Priced {
  id: number;
  pricing: { override_rules: { adult_price: { value: number } } };
}
/** A flight option is a group whose flight carries the price. */
interface FlightGroup {
  id: number;
  flights: (Priced & { flight_number: string })[];
}
interface Room extends Priced {
  type: { name: string };
  accommodation: { name: string };
}
interface Extra extends Priced {
  name: string;
  occupancy: { from: number };
}

const money = (value: number) => formatAmount(value, 'GBP', { pence: 'always' });
const priceOf = (option: Priced) => option.pricing.override_rules.adult_price.value;
const one = <T>(items: T[], match: (item: T) => boolean): T => {
  const found = items.filter(match);
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('the confirmation e-mail of a confirmed booking', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '25', PUBLIC_URL: SITE_ORIGIN } });
  beforeAll(async () => plentyOfSingleRooms(server.app));

  const sentMessage = async (bookingId: number) => {
    let item: { id: number; subject: string; body: string; html: string | null } | undefined;
    await vi.waitFor(
      async () => {
        const response = await server.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
        item = response.json().data.items.find((entry: { booking_id: number }) => entry.booking_id === bookingId);
        expect(item).toBeDefined();
      },
      { timeout: 10_000, interval: 50 },
    );
    return item!;
  };

  const componentName = async (booking: CreatedTestBooking, optionId: number | null) => {
    const rows = await server.app.db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, booking.id)).orderBy(asc(bookingComponents.id));
    return one(rows, (row) => row.optionId === optionId).name;
  };

  it('lists every line of a tour with flights, an extra, rooms and an additional night, and the deposit paid', async () => {
    const startsInDays = 200;
    const found = (await server.app.inject({ method: 'GET', url: `/api/tours/find?tour=MHW-VIE&departure=${addDays(today(), startsInDays)}&currency=GBP` })).json().data;
    const booking = await createBooking(server.app, { code: 'MHW-VIE', startsInDays, passengers: [lead, second] });
    const both = booking.passengerIds;
    const [flights, extras, accommodation] = await Promise.all([
      optionList<FlightGroup>(server.app, booking, 'flights'),
      optionList<Extra>(server.app, booking, 'extras'),
      (await server.app.inject({ method: 'GET', url: `/api/bookings/tour/${booking.tourId}/accommodation`, headers: booking.headers })).json().data.items as Room[],
    ]);
    const outbound = one(flights, (group) => group.flights[0]!.flight_number === 'BA 702');
    const inbound = one(flights, (group) => group.flights[0]!.flight_number === 'OS 457');
    const ridingSchool = one(extras, (extra) => extra.name === 'Private visit to the Spanish Riding School');
    const night = one(extras, (extra) => extra.name === 'Additional night' && extra.occupancy.from === 2);
    const rooms = accommodation.filter((room) => room.type.name === 'Double');
    expect(rooms).toHaveLength(2);

    const response = await submit(server.app, booking, {
      flights: [outbound, inbound].map((group) => ({ component_id: group.id, passenger_ids: both })),
      extras: [
        { component_id: ridingSchool.id, passenger_ids: [both[0]!] },
        { component_id: night.id, passenger_ids: both },
      ],
      accommodation: rooms.map((room) => ({ component_id: room.id, passenger_ids: both })),
    });
    expect(response.statusCode, response.body).toBe(200);
    const deposit = response.json().data.deposit.value as number;

    // Each line: its price times the passengers it was booked for.
    const lines = [
      { optionId: null, amount: found.price.value * 2, detail: `2 × ${money(found.price.value)}` },
      { optionId: outbound.id, amount: priceOf(outbound.flights[0]!) * 2 },
      { optionId: inbound.id, amount: priceOf(inbound.flights[0]!) * 2 },
      { optionId: ridingSchool.id, amount: priceOf(ridingSchool) * 1 },
      { optionId: night.id, amount: priceOf(night) * 2 },
      ...rooms.map((room) => ({ optionId: room.id, amount: priceOf(room) * 2 })),
    ];
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    expect(response.json().data.total_price.value).toBe(total);

    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, deposit)).token);
    const confirmed = await confirm(server.app, booking, paymentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const reference = confirmed.json().data.reference as string;

    const message = await sentMessage(booking.id);
    expect(message.subject).toBe(`Your booking ${reference} is confirmed`);
    const text = message.body;
    expect(message.html).toBeTruthy();
    const html = readable(message.html!);
    const dates = `${formatLongDate(found.start.slice(0, 10))} to ${formatLongDate(found.end.slice(0, 10))}`;

    for (const part of [text, html]) {
      expect(part).toContain(reference);
      expect(part).toContain('Vienna: Mozart and the Habsburgs');
      expect(part).toContain(dates);
      expect(part).toContain('Mr Edward Elgar');
      expect(part).toContain('Mrs Alice Elgar');
      expect(part).toContain(`${SITE_ORIGIN}/account`);
    }
    expect(text).toContain(`Passengers:\n  Mr Edward Elgar\n  Mrs Alice Elgar\n`);
    expect(html).toContain('Passengers Mr Edward Elgar Mrs Alice Elgar');
    for (const line of lines) {
      const name = await componentName(booking, line.optionId);
      const shown = line.amount === 0 ? 'Included' : money(line.amount);
      expect(text).toMatch(new RegExp(`^ {4}${escapeRegExp(name)}( \\([^)]*\\))?: ${escapeRegExp(shown)}$`, 'm'));
      expect(html).toMatch(new RegExp(`${escapeRegExp(name)}( \\d+ × £[\\d,]+\\.\\d{2})? ${escapeRegExp(shown)}`));
    }
    expect(text).toContain(`(${lines[0]!.detail})`);
    // Additional nights are a line of their own, not billed under extras.
    expect(text).toContain(`  Additional nights\n    ${await componentName(booking, night.id)}`);
    expect(text).toContain(`Total cost: ${money(total)}`);
    expect(text).toContain(`Amount paid: ${money(deposit)}`);
    expect(text).toContain(`Balance due: ${money(total - deposit)}`);
    expect(html).toContain(`Total cost ${money(total)} Amount paid ${money(deposit)} Balance due ${money(total - deposit)}`);
    expect(message.html).toContain(`href="${SITE_ORIGIN}/account"`);
    expect(message.html).toContain(`src="${SITE_ORIGIN}/email-logo.png"`);
    for (const part of [text, html]) expect(part).toContain('at least 3 months / 90 days before departure');
  });

  it('shows a promotion at its value, and nothing owed when paid in full', async () => {
    const { booking } = await bookSicily(server.app);
    const applied = await server.app.inject({ method: 'POST', url: '/api/bookings/promotion', headers: booking.headers, payload: { code: 'WELCOME100' } });
    expect(applied.statusCode, applied.body).toBe(200);
    const { promotion, details } = applied.json().data;
    const total = details.total_price.value as number;

    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, total)).token);
    const reference = (await confirm(server.app, booking, paymentId)).json().data.reference as string;
    const message = await sentMessage(booking.id);
    const html = readable(message.html!);
    expect(message.body).toContain(`  Promotion\n    ${promotion.name}: ${money(promotion.price.value)}\n`);
    expect(html).toContain(`Promotion ${promotion.name} ${money(promotion.price.value)}`);
    expect(message.body).toContain(`Amount paid: ${money(total)}`);
    expect(message.body).toContain(`Balance due: ${money(0)}`);
    expect(html).toContain(`Total cost ${money(total)} Amount paid ${money(total)} Balance due ${money(0)}`);
    expect(html).toContain(`Your booking reference ${reference}`);
  });

  it('shows the HTML part in the dev mailbox in a sandboxed frame, with each part on its own', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    await confirm(server.app, booking, paymentId);
    const message = await sentMessage(booking.id);

    const page = await server.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.headers['content-security-policy']).toContain("frame-src 'self'");
    expect(page.body).toContain(`<iframe src="/dev/mailbox/${message.id}/html" title="HTML part: ${message.subject}" sandbox`);
    expect(page.body).toContain(`<a href="/dev/mailbox/${message.id}/text"`);

    const htmlPart = await server.app.inject({ method: 'GET', url: `/dev/mailbox/${message.id}/html` });
    expect(htmlPart.statusCode).toBe(200);
    expect(htmlPart.headers['content-type']).toMatch(/^text\/html/);
    expect(htmlPart.body).toBe(message.html);
    const policy = String(htmlPart.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`img-src ${SITE_ORIGIN};`);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toMatch(/sandbox(?! allow-scripts)/);
    expect(policy).not.toContain('allow-scripts');

    const textPart = await server.app.inject({ method: 'GET', url: `/dev/mailbox/${message.id}/text` });
    expect(textPart.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(textPart.body).toBe(message.body);

    expect((await server.app.inject({ method: 'GET', url: '/dev/mailbox/999999999/html' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/dev/mailbox/abc/text' })).statusCode).toBe(404);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
