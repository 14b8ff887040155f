import { randomUUID } from 'node:crypto';
import { can, departureEtag, SEASON_CSV_COLUMNS, staffMemberEtag, tourEtag, tourInputSchema, tourPictureEtag, type StaffPermission } from '@tours/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookingPassengers, bookings, departureOptions, departures, documents, outboxMessages, payments, tourPictures, tours } from '../src/db/schema/index.ts';
import { addDays } from '../src/db/seed/dates.ts';
import { createTour } from '../src/modules/catalogue/admin/tours.ts';
import { markAttemptFailed } from '../src/modules/mail/outbox.ts';
import { departureInput, extraInput, roomInput, tourInput, tourWithDeparture } from './catalogue-fixtures.ts';
import { today } from './helper.ts';
import { saveChallenge } from '../src/modules/staff/challenges.ts';
import { registrationOptions, relyingParty } from '../src/modules/staff/passkeys.ts';
import { staffMember, staffSession, type StaffCaller, type StaffRequestContext, type StaffRequestFixtures } from './staff-fixtures.ts';
import { paidSicily, unconfirmedDayTrip, type PaidBooking } from './staff-money-fixtures.ts';
import { newAgency, newPromotion, uniqueCode } from './promotion-agency-fixtures.ts';
import { SoftwareAuthenticator } from './webauthn-authenticator.ts';
import { picturesEtag } from '../src/modules/catalogue/pictures/service.ts';
import { multipartBody, testPicture } from './tour-picture-fixtures.ts';

/**
 * A valid request for every staff-session endpoint, which the role matrix
 * (staff-role-matrix.test.ts) sends with every role and every refused
 * credential. Add one here with each new staff endpoint: the matrix fails
 * for an endpoint of the OpenAPI document without one. Each builds what it
 * needs afresh (a target member, a booking...) through the owning module's
 * services or the test helpers, never by hand.
 */

let added = 0;
const REASON = 'Checked by the role matrix';

/**
 * The bookings the issue-26 actions start from. A call the caller may make
 * consumes its booking's state (a cancellation ends it), so it gets a fresh
 * booking; a refused call changes nothing (the matrix checks it), so the
 * refused calls of an app share one booking of each kind, made once.
 */
type Kind = 'confirmed' | 'optional' | 'unconfirmed';
const shared = new WeakMap<FastifyInstance, Map<Kind, Promise<PaidBooking>>>();
async function make(app: FastifyInstance, kind: Kind): Promise<PaidBooking> {
  if (kind === 'confirmed') return paidSicily(app, 120, 'total');
  // The role matrix runs 15 days ahead of the calendar (its clock): the Sicily departure 45 days out is under five weeks away.
  if (kind === 'optional') return paidSicily(app, 45);
  // Paid, left Unconfirmed (its places were gone), then the places freed again: staff can confirm it, and others can book.
  const unconfirmed = await unconfirmedDayTrip(app);
  await unconfirmed.free();
  return unconfirmed;
}
function bookingFor({ app, caller }: StaffRequestContext, kind: Kind, permission: StaffPermission): Promise<PaidBooking> {
  if (can(caller.member.roles, permission) && caller.member.roles.length === 1) return make(app, kind);
  const byKind = shared.get(app) ?? new Map<Kind, Promise<PaidBooking>>();
  shared.set(app, byKind);
  if (!byKind.has(kind)) byKind.set(kind, make(app, kind));
  return byKind.get(kind)!;
}

const firstPaymentOf = async (app: FastifyInstance, bookingId: number) =>
  (await app.db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.id)))[0]!.id;
const firstPassengerOf = async (app: FastifyInstance, bookingId: number) =>
  (await app.db.select({ id: bookingPassengers.id }).from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position)))[0]!.id;
const firstDocumentOf = async (app: FastifyInstance, bookingId: number) =>
  (await app.db.select({ id: documents.id }).from(documents).where(eq(documents.bookingId, bookingId)).orderBy(asc(documents.id)))[0]!.id;
const firstMessageOf = async (app: FastifyInstance, bookingId: number) =>
  (await app.db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.bookingId, bookingId)).orderBy(asc(outboxMessages.id)))[0]!.id;

/** The If-Match of a departure as it stands. */
const departureIfMatch = async (app: FastifyInstance, departureId: number) => {
  const [row] = await app.db.select({ version: departures.version }).from(departures).where(eq(departures.id, departureId));
  return { 'if-match': departureEtag({ id: departureId, version: row!.version }) };
};

/** The departure of the demo's booking with a balance to pay (MER-480153, Vienna). */
const demoDepartureOf = async (app: FastifyInstance) =>
  (await app.db.select({ id: bookings.departureId }).from(bookings).where(eq(bookings.reference, 'MER-480153')))[0]!.id;

/** A finance member of the app, to read a cancellation's preview before the call under test. */
const previewers = new WeakMap<FastifyInstance, Promise<StaffCaller>>();
async function previewOf(app: FastifyInstance, bookingId: number): Promise<{ charge: number; refund: number }> {
  if (!previewers.has(app)) previewers.set(app, staffSession(app, ['finance']));
  const finance = await previewers.get(app)!;
  const preview = (await app.inject({ method: 'GET', url: `/api/staff/bookings/${bookingId}/cancellation`, headers: finance.headers })).json().data;
  return { charge: preview.charge.value, refund: preview.refund.value };
}

/** A demo tour's pictures as they are now (issue 27's calls change them): the tour with the most, so a removal always finds one. */
async function picturedTour(app: FastifyInstance) {
  const rows = await app.db.select({ id: tourPictures.id, tourId: tourPictures.tourId, position: tourPictures.position, version: tourPictures.version, code: tours.code }).from(tourPictures).innerJoin(tours, eq(tours.id, tourPictures.tourId)).orderBy(asc(tourPictures.position));
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.tourId, (counts.get(row.tourId) ?? 0) + 1);
  const tourId = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const pictures = rows.filter((row) => row.tourId === tourId);
  return { code: pictures[0]!.code, pictures, etag: picturesEtag(tourId, pictures) };
}
let pictureShade = 0;

const write = (url: string, payload: object, method: 'POST' | 'PATCH' = 'POST') => ({ method, url, payload, headers: { 'idempotency-key': randomUUID() } });

export const STAFF_REQUEST_FIXTURES: StaffRequestFixtures = {
  getStaffMe: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/me' }) },
  endStaffSession: { ok: 200, request: async () => ({ method: 'POST', url: '/api/staff/session/end', payload: {} }) },
  startOwnPasskey: { ok: 200, request: async () => ({ method: 'POST', url: '/api/staff/me/passkeys/options', payload: {} }) },
  addOwnPasskey: {
    ok: 201,
    request: async ({ app, caller }) => {
      // The options the call above would answer, made through the staff module for this caller.
      const options = await registrationOptions(app.db, caller.member, relyingParty('http://localhost', []));
      const challengeId = await saveChallenge(app.db, caller.member.id, 'registration', options.challenge, app.clock.databaseNow());
      const credential = new SoftwareAuthenticator().create(options, 'http://localhost');
      return { method: 'POST', url: '/api/staff/me/passkeys', payload: { challenge_id: challengeId, credential, name: 'Role matrix key' } };
    },
  },
  listStaffMembers: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/members' }) },
  getStaffMember: {
    ok: 200,
    request: async ({ app }) => ({ method: 'GET', url: `/api/staff/members/${(await staffMember(app, ['operations'])).id}` }),
  },
  addStaffMember: {
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/staff/members',
      payload: { email: `new-starter-${++added}-${process.pid}@staff.test`, name: 'New Starter', roles: ['finance'], reason: REASON },
    }),
  },
  updateStaffMember: {
    ok: 200,
    request: async ({ app }) => {
      const target = await staffMember(app, ['operations']);
      return {
        method: 'PATCH',
        url: `/api/staff/members/${target.id}`,
        headers: { 'if-match': staffMemberEtag(target) },
        payload: { roles: ['operations', 'finance'], reason: REASON },
      };
    },
  },
  resetStaffPasskeys: {
    ok: 200,
    request: async ({ app }) => {
      const target = await staffMember(app, ['finance']);
      return { method: 'POST', url: `/api/staff/members/${target.id}/passkeys/reset`, headers: { 'if-match': staffMemberEtag(target) }, payload: { reason: REASON } };
    },
  },
  // Issue 26: bookings, the work queue and money actions.
  listStaffBookings: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/bookings?status=Confirmed&page_size=5' }) },
  exportStaffBookings: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/bookings.csv?status=Cancelled' }) },
  getStaffQueue: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/queue' }) },
  getStaffBooking: {
    ok: 200,
    request: async (context) => ({ method: 'GET', url: `/api/staff/bookings/${(await bookingFor(context, 'confirmed', 'bookings.read')).booking.id}` }),
  },
  addStaffBookingNote: {
    ok: 201,
    request: async (context) => write(`/api/staff/bookings/${(await bookingFor(context, 'confirmed', 'bookings.read')).booking.id}/notes`, { text: 'Called the customer' }),
  },
  getStaffBookingMessage: {
    ok: 200,
    request: async (context) => {
      const { booking } = await bookingFor(context, 'confirmed', 'bookings.read');
      return { method: 'GET', url: `/api/staff/bookings/${booking.id}/messages/${await firstMessageOf(context.app, booking.id)}` };
    },
  },
  downloadStaffBookingDocument: {
    ok: 200,
    request: async (context) => {
      const { booking } = await bookingFor(context, 'confirmed', 'bookings.read');
      return { method: 'GET', url: `/api/staff/bookings/${booking.id}/documents/${await firstDocumentOf(context.app, booking.id)}` };
    },
  },
  createStaffRefund: {
    ok: 201,
    request: async (context) => {
      const { booking } = await bookingFor(context, 'confirmed', 'refunds.create');
      return write(`/api/staff/bookings/${booking.id}/refunds`, { payment_id: await firstPaymentOf(context.app, booking.id), amount: 100, reason: REASON });
    },
  },
  recordStaffPayment: {
    ok: 201,
    request: async (context) => {
      const { booking } = await bookingFor(context, 'confirmed', 'payments.record');
      return write(`/api/staff/bookings/${booking.id}/payments`, { amount: 100, method: 'cheque', reference: 'Cheque 000123', received_on: '2026-11-20', reason: REASON });
    },
  },
  getCancellationPreview: {
    ok: 200,
    request: async (context) => ({ method: 'GET', url: `/api/staff/bookings/${(await bookingFor(context, 'confirmed', 'bookings.cancel')).booking.id}/cancellation` }),
  },
  cancelStaffBooking: {
    ok: 200,
    request: async (context) => {
      const { booking } = await bookingFor(context, 'confirmed', 'bookings.cancel');
      return write(`/api/staff/bookings/${booking.id}/cancel`, { reason: REASON, expected: await previewOf(context.app, booking.id) });
    },
  },
  confirmOptionalBooking: {
    ok: 200,
    request: async (context) => write(`/api/staff/bookings/${(await bookingFor(context, 'optional', 'optional.decide')).booking.id}/optional/confirm`, { reason: REASON }),
  },
  declineOptionalBooking: {
    ok: 200,
    request: async (context) => write(`/api/staff/bookings/${(await bookingFor(context, 'optional', 'optional.decide')).booking.id}/optional/decline`, { reason: REASON }),
  },
  confirmUnconfirmedBooking: {
    ok: 200,
    request: async (context) =>
      write(`/api/staff/bookings/${(await bookingFor(context, 'unconfirmed', 'unconfirmed.confirm')).booking.id}/unconfirmed/confirm`, { reason: REASON }),
  },
  refundUnconfirmedBooking: {
    ok: 200,
    request: async (context) => write(`/api/staff/bookings/${(await bookingFor(context, 'unconfirmed', 'unconfirmed.refund')).booking.id}/unconfirmed/refund`, { reason: REASON }),
  },
  updateStaffPassenger: {
    ok: 200,
    request: async (context) => {
      const { booking } = await bookingFor(context, 'confirmed', 'passengers.edit');
      return write(`/api/staff/bookings/${booking.id}/passengers/${await firstPassengerOf(context.app, booking.id)}`, { arrival_time: 'By train at 14:00', reason: REASON }, 'PATCH');
    },
  },
  updateStaffCorrespondence: {
    ok: 200,
    request: async (context) =>
      write(`/api/staff/bookings/${(await bookingFor(context, 'confirmed', 'passengers.edit')).booking.id}/correspondence`, { correspondence: { send_to: 'in_person' }, reason: REASON }, 'PATCH'),
  },
  resendConfirmationEmail: {
    ok: 201,
    request: async (context) => write(`/api/staff/bookings/${(await bookingFor(context, 'confirmed', 'messages.send')).booking.id}/resend-confirmation`, { reason: REASON }),
  },
  resendBookingDocument: {
    ok: 201,
    request: async (context) => {
      const { booking } = await bookingFor(context, 'confirmed', 'messages.send');
      return write(`/api/staff/bookings/${booking.id}/documents/${await firstDocumentOf(context.app, booking.id)}/resend`, { reason: REASON });
    },
  },
  // Issue 28: a departure's page and its ground team's documents (the demo's Vienna departure: flights, rooms, a passport given).
  listStaffDepartures: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/departures?tour=MHW-VIE&page_size=5' }) },
  getStaffDeparture: { ok: 200, request: async ({ app }) => ({ method: 'GET', url: `/api/staff/departures/${await demoDepartureOf(app)}` }) },
  downloadPassengerManifest: { ok: 200, request: async ({ app }) => ({ method: 'GET', url: `/api/staff/departures/${await demoDepartureOf(app)}/passenger-manifest?format=csv` }) },
  downloadRoomingList: { ok: 200, request: async ({ app }) => ({ method: 'GET', url: `/api/staff/departures/${await demoDepartureOf(app)}/rooming-list?format=csv` }) },
  downloadFlightManifest: { ok: 200, request: async ({ app }) => ({ method: 'GET', url: `/api/staff/departures/${await demoDepartureOf(app)}/flight-manifest?format=csv` }) },
  downloadAgencyStatement: { ok: 200, request: async ({ app }) => ({ method: 'GET', url: `/api/staff/departures/${await demoDepartureOf(app)}/agency-statement?format=csv` }) },
  markQueueItemDealtWith: {
    ok: 200,
    request: async (context) => {
      // A confirmed booking whose confirmation e-mail the relay gave up on (the matrix's app sends none by itself).
      const { booking } = await bookingFor(context, 'confirmed', 'queue.deal');
      const pending = await context.app.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.bookingId, booking.id), eq(outboxMessages.status, 'pending')))
        .orderBy(asc(outboxMessages.id));
      for (const message of pending) await markAttemptFailed(context.app.db, message.id, '550 mailbox unavailable', null);
      return write(`/api/staff/bookings/${booking.id}/dealt-with`, { queue: 'mail-failed', reason: REASON });
    },
  },
  resolveBookingFlag: {
    ok: 200,
    request: async (context) => write(`/api/staff/bookings/${(await bookingFor(context, 'unconfirmed', 'flags.resolve')).booking.id}/flags/resolve`, { reason: REASON }),
  },
  // Issue 27: the catalogue.
  listCatalogueTours: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/catalogue/tours?q=VIE' }) },
  getCatalogueTour: { ok: 200, request: async ({ app }) => ({ method: 'GET', url: `/api/staff/catalogue/tours/${(await tourWithDeparture(app, today())).tourId}` }) },
  createCatalogueTour: { ok: 201, request: async () => write('/api/staff/catalogue/tours', { ...tourInput(), reason: REASON }) },
  updateCatalogueTour: {
    ok: 200,
    request: async ({ app }) => {
      const { tourId } = await tourWithDeparture(app, today());
      const version = (await app.db.select({ version: tours.version }).from(tours).where(eq(tours.id, tourId)))[0]!.version;
      return { method: 'PUT', url: `/api/staff/catalogue/tours/${tourId}`, headers: { 'if-match': tourEtag({ id: tourId, version }) }, payload: { ...tourInput(), reason: REASON } };
    },
  },
  deleteCatalogueTour: {
    ok: 200,
    request: async ({ app }) => {
      const tourId = await createTour(app.db, tourInputSchema.parse(tourInput()), { now: app.clock.databaseNow(), staff: null });
      return { method: 'POST', url: `/api/staff/catalogue/tours/${tourId}/delete`, headers: { 'if-match': tourEtag({ id: tourId, version: 1 }) }, payload: { reason: REASON } };
    },
  },
  createCatalogueDeparture: {
    ok: 201,
    request: async ({ app }) => {
      const { tourId, start } = await tourWithDeparture(app, today());
      return write(`/api/staff/catalogue/tours/${tourId}/departures`, { ...departureInput(addDays(start, 7)), reason: REASON });
    },
  },
  getCatalogueDeparture: { ok: 200, request: async ({ app }) => ({ method: 'GET', url: `/api/staff/catalogue/departures/${(await tourWithDeparture(app, today())).departureId}` }) },
  updateCatalogueDeparture: {
    ok: 200,
    request: async ({ app }) => {
      const { departureId, start } = await tourWithDeparture(app, today());
      return { method: 'PUT', url: `/api/staff/catalogue/departures/${departureId}`, headers: await departureIfMatch(app, departureId), payload: { ...departureInput(start, { places: 30 }), reason: REASON } };
    },
  },
  deleteCatalogueDeparture: {
    ok: 200,
    request: async ({ app }) => {
      const { departureId } = await tourWithDeparture(app, today());
      return { method: 'POST', url: `/api/staff/catalogue/departures/${departureId}/delete`, headers: await departureIfMatch(app, departureId), payload: { reason: REASON } };
    },
  },
  addDepartureOption: {
    ok: 201,
    request: async ({ app }) => {
      const { departureId } = await tourWithDeparture(app, today());
      return { method: 'POST', url: `/api/staff/catalogue/departures/${departureId}/options`, headers: await departureIfMatch(app, departureId), payload: { ...extraInput({ name: 'Boat trip' }), reason: REASON } };
    },
  },
  updateDepartureOption: {
    ok: 200,
    request: async ({ app }) => {
      const { departureId } = await tourWithDeparture(app, today());
      const [room] = await app.db.select({ id: departureOptions.id }).from(departureOptions).where(and(eq(departureOptions.departureId, departureId), eq(departureOptions.kind, 'room')));
      return { method: 'PUT', url: `/api/staff/catalogue/departures/${departureId}/options/${room!.id}`, headers: await departureIfMatch(app, departureId), payload: { ...roomInput({ stock: 9 }), reason: REASON } };
    },
  },
  deleteDepartureOption: {
    ok: 200,
    request: async ({ app }) => {
      const { departureId } = await tourWithDeparture(app, today());
      const [extra] = await app.db.select({ id: departureOptions.id }).from(departureOptions).where(and(eq(departureOptions.departureId, departureId), eq(departureOptions.kind, 'extra')));
      return { method: 'POST', url: `/api/staff/catalogue/departures/${departureId}/options/${extra!.id}/delete`, headers: await departureIfMatch(app, departureId), payload: { reason: REASON } };
    },
  },
  getLowStock: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/catalogue/low-stock' }) },
  exportSeason: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/catalogue/departures.csv?tour=MHW-VIE' }) },
  importSeason: {
    ok: 200,
    request: async () => write('/api/staff/catalogue/departures/import', { csv: `${SEASON_CSV_COLUMNS.join(',')}\nMHW-VIE,2031-05-01,2031-05-05,open,no,10,1,1,1`, dry_run: true, reason: REASON }),
  },
  // Issue 27: a tour's pictures (each upload a picture of its own, since the same one twice is refused).
  listStaffTourPictures: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/tours/MHW-VIE/pictures' }) },
  uploadTourPicture: {
    ok: 201,
    request: async () => {
      pictureShade += 1;
      const { payload, headers } = multipartBody({ alt: 'Checked by the role matrix', reason: REASON, file: await testPicture(1200, 400, 'jpeg', pictureShade) });
      return { method: 'POST', url: `/api/staff/tours/${['MHW-VIE', 'TSG-SIC'][pictureShade % 2]}/pictures`, payload, headers };
    },
  },
  updateTourPicture: {
    ok: 200,
    request: async ({ app }) => {
      const { code, pictures } = await picturedTour(app);
      return { method: 'PATCH', url: `/api/staff/tours/${code}/pictures/${pictures[0]!.id}`, headers: { 'if-match': tourPictureEtag(pictures[0]!) }, payload: { alt: `Described again ${(added += 1)}`, reason: REASON } };
    },
  },
  reorderTourPictures: {
    ok: 200,
    request: async ({ app }) => {
      const { code, pictures, etag } = await picturedTour(app);
      return { method: 'PUT', url: `/api/staff/tours/${code}/pictures/order`, headers: { 'if-match': etag }, payload: { order: pictures.map((picture) => picture.id).reverse(), reason: REASON } };
    },
  },
  deleteTourPicture: {
    ok: 200,
    request: async ({ app }) => {
      const { code, pictures } = await picturedTour(app);
      const last = pictures.at(-1)!;
      return { method: 'POST', url: `/api/staff/tours/${code}/pictures/${last.id}/delete`, headers: { 'if-match': tourPictureEtag(last) }, payload: { reason: REASON } };
    },
  },
  // Issue 27: promotional codes and travel agencies (catalogue.edit).
  listStaffPromotions: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/promotions' }) },
  getStaffPromotion: { ok: 200, request: async ({ app }) => ({ method: 'GET', url: `/api/staff/promotions/${(await newPromotion(app)).id}` }) },
  addStaffPromotion: {
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/staff/promotions',
      payload: { code: uniqueCode('M'), discount_type: 'percentage', amounts: { GBP: null, USD: null, AUD: null }, percent: 10, valid_from: '2026-01-01', valid_to: '2026-12-31', tour_codes: [], max_uses: null, max_uses_per_customer: null, reason: REASON },
    }),
  },
  updateStaffPromotion: {
    ok: 200,
    request: async ({ app }) => {
      const promotion = await newPromotion(app);
      return { method: 'PATCH', url: `/api/staff/promotions/${promotion.id}`, headers: { 'if-match': promotion.etag }, payload: { active: false, reason: REASON } };
    },
  },
  deleteStaffPromotion: {
    ok: 200,
    request: async ({ app }) => {
      const promotion = await newPromotion(app);
      return { method: 'POST', url: `/api/staff/promotions/${promotion.id}/delete`, headers: { 'if-match': promotion.etag }, payload: { reason: REASON } };
    },
  },
  listStaffAgencies: { ok: 200, request: async () => ({ method: 'GET', url: '/api/staff/agencies' }) },
  getStaffAgency: { ok: 200, request: async ({ app }) => ({ method: 'GET', url: `/api/staff/agencies/${(await newAgency(app)).agency.id}` }) },
  addStaffAgency: { ok: 201, request: async () => ({ method: 'POST', url: '/api/staff/agencies', payload: { code: `M${(added += 1)}P${process.pid % 10000}`, name: 'Matrix Travel', reason: REASON } }) },
  updateStaffAgency: {
    ok: 200,
    request: async ({ app }) => {
      const { agency, etag } = await newAgency(app);
      return { method: 'PATCH', url: `/api/staff/agencies/${agency.id}`, headers: { 'if-match': etag }, payload: { active: false, reason: REASON } };
    },
  },
  addStaffAgencyMember: {
    ok: 201,
    request: async ({ app }) => ({
      method: 'POST',
      url: `/api/staff/agencies/${(await newAgency(app)).agency.id}/staff`,
      payload: { name: 'Another Agent', email: `another-${(added += 1)}@agency.test`, reason: REASON },
    }),
  },
  updateStaffAgencyMember: {
    ok: 200,
    request: async ({ app }) => {
      const { agency, staff, staffEtag } = await newAgency(app);
      return { method: 'PATCH', url: `/api/staff/agencies/${agency.id}/staff/${staff.id}`, headers: { 'if-match': staffEtag }, payload: { active: false, reason: REASON } };
    },
  },
};
