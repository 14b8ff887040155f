import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { auditLog, bookingPassengers, bookings, departures } from '../src/db/schema/index.ts';
import { seedAccountCustomer, type SeededAccountCustomer } from '../src/modules/testing/account-customer.ts';
import { bearerHeader, tokenFor, type SigningKey } from './customer-tokens.ts';

/**
 * Shared by the account passenger tests: copies of the demo customer (each
 * with the demo's bookings under new references), their tokens, the two
 * PATCH calls and reads of what the database holds.
 */

/** The demo's bookings by what they are for (DEMO_BOOKINGS in seed/data/customers.ts). */
export const DEMO = {
  /** Confirmed, 90 days away, two passengers: Margaret (passport and insurance answered) and Thomas (nothing yet). */
  vienna: 'MER-480153',
  /** Confirmed, 45 days away, Margaret alone (passport and joining answered). */
  sicily: 'MER-480297',
  /** Confirmed, the tour ended 120 days ago. */
  archived: 'MER-470861',
  cancelled: 'MER-481020',
} as const;

export interface AccountCustomer {
  email: string;
  headers: Record<string, string>;
  customerId: number;
  booking: (demoReference: string) => number;
}

export async function accountCustomer(app: FastifyInstance, key: SigningKey): Promise<AccountCustomer> {
  const seeded: SeededAccountCustomer = await seedAccountCustomer(app.db);
  const [row] = await app.db.select({ customerId: bookings.customerId }).from(bookings).where(eq(bookings.id, seeded.bookings[0]!.id));
  return {
    email: seeded.email,
    headers: bearerHeader(await tokenFor(key, seeded.email)),
    customerId: row!.customerId!,
    booking: (demoReference) => seeded.bookings.find((b) => b.demo_reference === demoReference)!.id,
  };
}

export const passengersOf = (app: FastifyInstance, bookingId: number) =>
  app.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position));

export async function correspondenceOf(app: FastifyInstance, bookingId: number) {
  const [row] = await app.db.select({ correspondence: bookings.correspondence }).from(bookings).where(eq(bookings.id, bookingId));
  return row!.correspondence;
}

export async function endDateOf(app: FastifyInstance, bookingId: number): Promise<string> {
  const [row] = await app.db
    .select({ endDate: departures.endDate })
    .from(bookings)
    .innerJoin(departures, eq(departures.id, bookings.departureId))
    .where(eq(bookings.id, bookingId));
  return row!.endDate;
}

export const auditOf = (app: FastifyInstance, bookingId: number, action: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.bookingId, bookingId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

export const patchPassenger = (app: FastifyInstance, headers: Record<string, string>, booking: number | string, passenger: number | string, payload: unknown) =>
  app.inject({ method: 'PATCH', url: `/api/account/bookings/${booking}/passengers/${passenger}`, headers, payload: payload as object });

export const patchCorrespondence = (app: FastifyInstance, headers: Record<string, string>, booking: number | string, payload: unknown) =>
  app.inject({ method: 'PATCH', url: `/api/account/bookings/${booking}/correspondence`, headers, payload: payload as object });

/** A 400 whose field messages are exactly these. */
export function expectFields(response: LightMyRequestResponse, fields: Record<string, string>): void {
  expect(response.statusCode, response.body).toBe(400);
  const { error } = response.json();
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(error.fields).toEqual(fields);
}

const plusYears = (years: number) => {
  const date = new Date();
  date.setFullYear(date.getFullYear() + years);
  return date.toISOString().slice(0, 10);
};

/** A passport valid for years to come, issued in the past. */
export const thomasPassport = () => ({
  document_type: 'Passport',
  document_number: '533380006',
  nationality: 'GBR',
  place_of_issue: 'HM Passport Office',
  country_of_residence: 'GBR',
  issue_date: '2022-03-01',
  expiry_date: plusYears(8),
  place_of_birth: 'Bristol',
  date_of_birth: '1956-11-02',
});

export const thomasInsurance = () => ({
  company_name: 'Cabot Mutual Travel',
  company_number: '0117 496 0999',
  policy_number: 'CMT-55120-89',
  description: 'Annual multi-trip',
  start_date: '2026-01-01',
  expiry_date: plusYears(2),
  next_of_kin: 'Eleanor Ashworth',
  next_of_kin_relationship: 'Daughter',
  emergency_number: '07700 900789',
});

export const alternateAddress = {
  line_1: '12 Harbour View',
  line_2: '',
  line_3: '',
  city: 'Falmouth',
  state: 'Cornwall',
  postal_code: 'TR11 3AA',
  country: 'GBR',
};
