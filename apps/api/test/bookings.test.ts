import { createHash } from 'node:crypto';
import { BOOKING_TOKEN_TIMEOUT_SECONDS } from '@tours/domain';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookingComponents, bookingPassengers, bookings, departures } from '../src/db/schema/index.ts';
import { address, bearer, bookingBody, createBooking, lead, second } from './booking-fixtures.ts';
import { build, expectApiError } from './helper.ts';

describe('POST /api/bookings', () => {
  const server = build();
  const post = (payload: object) => server.app.inject({ method: 'POST', url: '/api/bookings', payload });
  const vienna = { code: 'MHW-VIE', startsInDays: 90 };

  it('creates a one-participant Quote booking with its passenger id and a one-hour token', async () => {
    const before = Date.now();
    const response = await post(await bookingBody(server.app, { ...vienna, passengers: [lead] }));
    expect(response.statusCode).toBe(201);
    const { booking, token } = response.json().data;
    expect(booking).toMatchObject({ status: 'Quote', currency: 'GBP' });
    expect(booking.passengers).toEqual([{ ...lead, address: { ...address, line_3: '' }, id: expect.any(Number), is_lead: true }]);
    expect(token.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.timeout_seconds).toBe(BOOKING_TOKEN_TIMEOUT_SECONDS);
    const expires = Date.parse(token.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3_600_000);

    const [row] = await server.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    // Only the token's SHA-256 is kept.
    expect(row!.tokenHash).toBe(createHash('sha256').update(token.token).digest('hex'));
    expect(row).toMatchObject({ status: 'Quote', currency: 'GBP', marketingSourceId: 63, marketingSubsourceId: 165, marketingSourceDescription: 'A friend' });
    expect(row!.tokenExpiresAt!.toISOString()).toBe(token.expires_at);
  });

  it('creates a two-participant booking: ids in the order sent, and participant 2 takes the lead address', async () => {
    const response = await post(await bookingBody(server.app, { ...vienna, passengers: [lead, second] }));
    expect(response.statusCode).toBe(201);
    const { booking } = response.json().data;
    expect(booking.passengers.map((p: { given_name: string; is_lead: boolean }) => [p.given_name, p.is_lead])).toEqual([
      ['Edward', true],
      ['Alice', false],
    ]);
    const rows = await server.app.db
      .select()
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, booking.id))
      .orderBy(asc(bookingPassengers.position));
    expect(rows.map((row) => row.id)).toEqual(booking.passengers.map((p: { id: number }) => p.id));
    expect(rows[1]).toMatchObject({ givenName: 'Alice', isLead: false, position: 2, address: rows[0]!.address });
    expect(rows[0]!.address).toMatchObject({ line_1: '1 Minster Yard', city: 'York', postal_code: 'YO1 7HH', country: 'GBR' });
    expect(booking.passengers[1].address).toEqual(booking.passengers[0].address);
  });

  it('keeps a second participant’s own address', async () => {
    const own = { ...address, line_1: '7 Abbey Road', city: 'London', state: 'Greater London', postal_code: 'NW8 9AY' };
    const response = await post(await bookingBody(server.app, { ...vienna, passengers: [lead, { ...second, address: own }] }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.booking.passengers[1].address).toMatchObject({ line_1: '7 Abbey Road', postal_code: 'NW8 9AY' });
  });

  it('never stores the client’s passenger ids or lead flags: the first passenger is the lead', async () => {
    const passengers = [
      { ...lead, id: 424242, is_lead: false },
      { ...second, id: 1, is_lead: true },
    ];
    const response = await post(await bookingBody(server.app, { ...vienna, passengers }));
    expect(response.statusCode).toBe(201);
    const ids = response.json().data.booking.passengers.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(424242);
    const rows = await server.app.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, response.json().data.booking.id));
    expect(rows.find((row) => row.isLead)?.givenName).toBe('Edward');
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
  });

  it('prices the tour line in the booking currency and writes an audit row', async () => {
    const response = await post(await bookingBody(server.app, { ...vienna, currency: 'USD', passengers: [lead, second] }));
    expect(response.statusCode).toBe(201);
    const id = response.json().data.booking.id;
    const lines = await server.app.db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, id));
    // The 90-day Vienna departure is $2,450 per person.
    expect(lines).toEqual([expect.objectContaining({ componentType: 'Tour', unitPrice: 245000, quantity: 2, price: 490000, currency: 'USD' })]);
    const audit = await server.app.db.select().from(auditLog).where(and(eq(auditLog.bookingId, id), eq(auditLog.action, 'booking.created')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'visitor', entityType: 'booking', entityId: String(id), detail: { tour: 'MHW-VIE', currency: 'USD', passengers: 2 } });
    expect(audit[0]!.requestId).toBe(response.headers['x-request-id']);
  });

  it('refuses three participants with the online limit message', async () => {
    const response = await post(await bookingBody(server.app, { ...vienna, passengers: [lead, second, second] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ passengers: 'Online bookings are for 1 or 2 participants. Please call us to book for more.' });
  });

  it('answers 400 with the spec’s field messages for missing participant fields', async () => {
    const blank = {
      title: '',
      given_name: ' ',
      family_name: '',
      email: '',
      date_of_birth: '',
      telephone_home: 'call me',
      address: { line_1: '', city: '', state: '', postal_code: '', country: '' },
    };
    const body = await bookingBody(server.app, { ...vienna, passengers: [blank] });
    const response = await post({ ...body, source: { id: 63, subsource_id: '' } });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({
      'passengers.0.title': 'Title is required',
      'passengers.0.given_name': 'First name is required',
      'passengers.0.family_name': 'Last name is required',
      'passengers.0.email': 'Email address is required',
      'passengers.0.date_of_birth': 'Date of birth is required',
      'passengers.0.telephone_home': 'Numeric values only',
      'passengers.0.address.line_1': 'Line 1 is required',
      'passengers.0.address.city': 'City is required',
      'passengers.0.address.state': 'State is required',
      'passengers.0.address.postal_code': 'Postcode is required',
      'passengers.0.address.country': 'Country is required',
      'source.subsource_id': 'How you heard is required',
    });
  });

  it('requires the lead’s address', async () => {
    const { address: _none, ...noAddress } = lead;
    const response = await post(await bookingBody(server.app, { ...vienna, passengers: [noAddress, second] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ 'passengers.0.address': 'Value is required' });
  });

  it('checks the departure id, brand channel, currency and marketing source against our records', async () => {
    const body = await bookingBody(server.app, vienna);
    const other = await bookingBody(server.app, { code: 'TSG-SIC', startsInDays: 45 });
    const response = await post({ ...body, departure_id: other.departure_id, brand_channel: 10, source: { id: 10, subsource_id: 165 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      departure_id: expect.stringContaining(`Departure ${other.departure_id} is not`),
      brand_channel: 'Tour MHW-VIE is sold on brand channel 11',
      'source.subsource_id': 'How you heard is required',
    });
  });

  it('answers 404 for a tour code or date with no departure, creating nothing', async () => {
    const body = await bookingBody(server.app, vienna);
    const count = async () => (await server.app.db.select({ id: bookings.id }).from(bookings)).length;
    const before = await count();
    for (const change of [{ tour_code: 'XX-NOPE' }, { departure_date: '2020-01-01' }]) {
      const response = await post({ ...body, ...change });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect(await count()).toBe(before);
  });

  it.each([
    ['closed to online booking', 'MF-BAY', 60],
    ['a non-residential event within 72 hours', 'LA-ROM', 2],
    ['in the past', 'TSG-SIC', -120],
  ])('answers 409 NO_RESULTS for a departure %s', async (_what, code, startsInDays) => {
    const body = await bookingBody(server.app, { code, startsInDays });
    const response = await post(body);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'NO_RESULTS', message: expect.any(String) });
  });
});

describe('booking token scope', () => {
  const server = build();

  it('documents every booking call in OpenAPI, the token-guarded ones with bearer auth', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(spec.paths['/api/bookings'].post.security).toBeUndefined();
    expect(spec.paths['/api/addresses/{postcode}'].get).toBeDefined();
    for (const [path, method] of [
      ['/api/bookings/tour', 'get'],
      ['/api/bookings/selections', 'post'],
      ['/api/bookings/selection', 'post'],
      ...['flights', 'accommodation', 'extras', 'components', 'promotions'].map((list) => [`/api/bookings/tour/{id}/${list}`, 'get']),
    ] as const) {
      expect(spec.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('opens the booking’s own tour', async () => {
    const booking = await createBooking(server.app, { code: 'MHW-VIE', startsInDays: 90 });
    const response = await server.app.inject({ method: 'GET', url: '/api/bookings/tour', headers: booking.headers });
    expect(response.json()).toEqual({ data: { id: booking.tourId, name: 'Vienna: Mozart and the Habsburgs' } });
  });

  it('answers 401 UNAUTHORIZED without a token, with a malformed one and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer short' }, bearer('x'.repeat(43))]) {
      expectApiError(await server.app.inject({ method: 'GET', url: '/api/bookings/tour', headers }), 401, 'UNAUTHORIZED');
    }
  });

  it('answers 401 once the token has expired', async () => {
    const booking = await createBooking(server.app, { code: 'MHW-VIE', startsInDays: 90 });
    await server.app.db.update(bookings).set({ tokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(bookings.id, booking.id));
    for (const url of ['/api/bookings/tour', `/api/bookings/tour/${booking.tourId}/flights`]) {
      expectApiError(await server.app.inject({ method: 'GET', url, headers: booking.headers }), 401, 'UNAUTHORIZED');
    }
    const selection = await server.app.inject({
      method: 'POST',
      url: '/api/bookings/selections',
      headers: booking.headers,
      payload: { allocations: {} },
    });
    expect(selection.statusCode).toBe(401);
  });

  it('answers 403 FORBIDDEN for another tour’s lists and selections', async () => {
    const vienna = await createBooking(server.app, { code: 'MHW-VIE', startsInDays: 90 });
    const sicily = await createBooking(server.app, { code: 'TSG-SIC', startsInDays: 45 });
    for (const list of ['flights', 'accommodation', 'extras', 'components', 'promotions']) {
      const url = `/api/bookings/tour/${sicily.tourId}/${list}`;
      expectApiError(await server.app.inject({ method: 'GET', url, headers: vienna.headers }), 403, 'FORBIDDEN');
    }
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/bookings/selections',
      headers: vienna.headers,
      payload: { tour_id: sicily.tourId, allocations: {} },
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers NO_RESULTS from /bookings/tour once the departure can no longer be booked', async () => {
    const booking = await createBooking(server.app, { code: 'TSG-SIC', startsInDays: 120 });
    const { departureId } = (await server.app.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!;
    await server.app.db.update(departures).set({ status: 'on_request' }).where(eq(departures.id, departureId));
    const response = await server.app.inject({ method: 'GET', url: '/api/bookings/tour', headers: booking.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NO_RESULTS');
    await server.app.db.update(departures).set({ status: 'open' }).where(eq(departures.id, departureId));
  });

  it('answers NO_RESULTS from /bookings/tour when fewer places are left than the booking has passengers', async () => {
    const booking = await createBooking(server.app, { code: 'PG-FLO', startsInDays: 180, passengers: [lead, second] });
    const { departureId } = (await server.app.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!;
    const tour = () => server.app.inject({ method: 'GET', url: '/api/bookings/tour', headers: booking.headers });
    await server.app.db.update(departures).set({ capacity: 2 }).where(eq(departures.id, departureId));
    expect((await tour()).statusCode).toBe(200);
    await server.app.db.update(departures).set({ capacity: 1 }).where(eq(departures.id, departureId));
    expect((await tour()).json().error.code).toBe('NO_RESULTS');
  });
});
