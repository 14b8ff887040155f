import { randomBytes, randomUUID } from "node:crypto";
import {
  BOOKING_TOKEN_TIMEOUT_SECONDS,
  CONFIRM_GRACE_SECONDS,
  DOCUMENT_LINK_TTL_SECONDS,
  parseDocumentsList,
} from "@tours/domain";
import {
  getTableColumns,
  getTableName,
  inArray,
  or,
  eq,
  type Column,
} from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import {
  bookingPassengers,
  bookings,
  customers,
  outboxMessages,
} from "../src/db/schema/index.ts";
import { signDocumentLink } from "../src/modules/documents/link-token.ts";
import {
  accountCustomer,
  DEMO,
  type AccountCustomer,
} from "./account-passengers-fixtures.ts";
import { JANE, verified, type Verified } from "./agents-fixtures.ts";
import {
  address,
  bearer,
  bookingBody,
  optionIds,
  submit,
  type BookingRequest,
  type CreatedTestBooking,
} from "./booking-fixtures.ts";
import {
  bearerHeader,
  signingKey,
  signToken,
  tokenFor,
  unsignedToken,
  type SigningKey,
} from "./customer-tokens.ts";
import { TABLES } from "./db-counts.ts";

/**
 * The people, bookings and credentials of the access matrix (access-matrix.test.ts):
 * a victim and an attacker, each a copy of the demo customer with its account
 * bookings, each with unconfirmed bookings in the flow and their tokens, a
 * travel agent's verification, and every kind of credential that must not
 * open the victim's data.
 */

/** A surname and e-mail no one else has, so the victim's data can be searched for in any answer. */
export const VICTIM_SURNAME = `Quillvictim${randomUUID().slice(0, 6)}`;
export const ATTACKER_SURNAME = `Intruderson${randomUUID().slice(0, 6)}`;
/** An id no row has, within the database's integer range. */
export const MISSING_ID = 2_000_000_000;

export interface Party extends AccountCustomer {
  /** A valid access token for two hours (the default five minutes would not outlast the matrix). */
  jwt: string;
}

export interface World {
  victim: Party;
  attacker: Party;
  /** The victim's flow bookings: one paid by card, one an agent books, one a day trip; their tokens are the owner's credentials. */
  flow: CreatedTestBooking;
  agentFlow: CreatedTestBooking;
  dayTrip: CreatedTestBooking;
  /** The attacker's own flow booking, on the same tour as the victim's, so tour-scoped calls reach the handler. */
  attackerFlow: CreatedTestBooking;
  agent: Verified;
  /** The victim's lead e-mail in the flow. */
  flowEmail: string;
  /** Filled in as the matrix goes: the provider's payment ids taken for the victim. */
  payments: { account?: string; flow?: string };
}

function flowPassenger(surname: string, email: string) {
  return {
    title: "Ms",
    given_name: "Philippa",
    family_name: surname,
    telephone_home: "01632960111",
    telephone_mobile: "07700900111",
    date_of_birth: "1961-04-12",
    email,
    do_not_email: false,
    do_not_mail: true,
    special_requests: "",
    address,
  };
}

/** A flow booking of one on Sicily with a single room chosen (so it has a price and can take a payment token). */
async function sicilyWithRoom(
  app: FastifyInstance,
  surname: string,
  email: string,
  headers: Record<string, string> = {},
): Promise<CreatedTestBooking> {
  const booking = await createBookingAs(
    app,
    {
      code: "TSG-SIC",
      startsInDays: 120,
      passengers: [flowPassenger(surname, email)],
    },
    headers,
  );
  const ids = await optionIds(app, booking);
  const chosen = await submit(app, booking, {
    accommodation: [
      {
        component_id: ids.room("Hotel Villa Aretusa", "Single"),
        passenger_ids: booking.passengerIds,
      },
    ],
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return booking;
}

/** POST /bookings as the web sends it, signed in when headers carry a customer token (the booking is then the customer's from the start). */
async function createBookingAs(
  app: FastifyInstance,
  request: BookingRequest,
  headers: Record<string, string>,
): Promise<CreatedTestBooking> {
  const response = await app.inject({
    method: "POST",
    url: "/api/bookings",
    headers,
    payload: await bookingBody(app, request),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { booking, token } = response.json().data;
  const tour = await app.inject({
    method: "GET",
    url: "/api/bookings/tour",
    headers: bearer(token.token),
  });
  expect(tour.statusCode, tour.body).toBe(200);
  return {
    id: booking.id,
    status: booking.status,
    token: token.token,
    passengerIds: booking.passengers.map((p: { id: number }) => p.id),
    tourId: tour.json().data.id,
    headers: bearer(token.token),
  };
}

async function party(
  app: FastifyInstance,
  key: SigningKey,
  surname: string,
): Promise<Party> {
  const customer = await accountCustomer(app, key);
  const ids = Object.values(DEMO).map((ref) => customer.booking(ref));
  await app.db
    .update(bookingPassengers)
    .set({ familyName: surname })
    .where(inArray(bookingPassengers.bookingId, ids));
  await app.db
    .update(customers)
    .set({ surname })
    .where(eq(customers.id, customer.customerId));
  return {
    ...customer,
    jwt: await tokenFor(key, customer.email, { expiresIn: 7200 }),
  };
}

export async function createWorld(
  app: FastifyInstance,
  key: SigningKey,
): Promise<World> {
  const victim = await party(app, key, VICTIM_SURNAME);
  const attacker = await party(app, key, ATTACKER_SURNAME);
  const flowEmail = `flow.${randomUUID().slice(0, 8)}@example.com`;
  const flow = await sicilyWithRoom(
    app,
    VICTIM_SURNAME,
    flowEmail,
    bearerHeader(victim.jwt),
  );
  const agentFlow = await sicilyWithRoom(app, VICTIM_SURNAME, flowEmail);
  const dayTrip = await createBookingAs(
    app,
    {
      code: "LD-GRE",
      startsInDays: 77,
      passengers: [flowPassenger(VICTIM_SURNAME, flowEmail)],
    },
    {},
  );
  const attackerFlow = await sicilyWithRoom(
    app,
    ATTACKER_SURNAME,
    `intruder.${randomUUID().slice(0, 8)}@example.com`,
    bearerHeader(attacker.jwt),
  );
  const agent = await verified(app, JANE, { ip: "10.9.9.9" });
  return {
    victim,
    attacker,
    flow,
    agentFlow,
    dayTrip,
    attackerFlow,
    agent,
    flowEmail,
    payments: {},
  };
}

/** The victim's bookings: the account copies and the flow bookings. */
export const victimBookingIds = (w: World) => [
  ...Object.values(DEMO).map((ref) => w.victim.booking(ref)),
  w.flow.id,
  w.agentFlow.id,
  w.dayTrip.id,
];

/**
 * Everything the database holds for the victim: every row of every table
 * that names one of the victim's bookings or the victim as a customer, the
 * provider's records filed under the victim's bookings, and mail to the
 * victim. Equal before and after = nothing of the victim's was written.
 */
export async function fingerprint(
  app: FastifyInstance,
  w: World,
): Promise<Record<string, string[]>> {
  const bookingIds = victimBookingIds(w);
  const customerIds = [w.victim.customerId];
  const emails = [w.victim.email, w.flowEmail];
  const result: Record<string, string[]> = {};
  for (const table of TABLES) {
    const columns = getTableColumns(table) as Record<string, Column>;
    const conditions = [];
    if (table === bookings) conditions.push(inArray(bookings.id, bookingIds));
    if (table === customers)
      conditions.push(inArray(customers.id, customerIds));
    if (columns.bookingId)
      conditions.push(inArray(columns.bookingId, bookingIds));
    if (columns.customerId)
      conditions.push(inArray(columns.customerId, customerIds));
    if (columns.crmKey)
      conditions.push(inArray(columns.crmKey, bookingIds.map(String)));
    if (table === outboxMessages)
      conditions.push(inArray(outboxMessages.toAddress, emails));
    // The victim's card payments wherever they are filed: attached to someone else's booking would be money moved across bookings.
    const paid = Object.values(w.payments).filter((p): p is string =>
      Boolean(p),
    );
    if (columns.providerPaymentId && paid.length > 0)
      conditions.push(inArray(columns.providerPaymentId, paid));
    if (conditions.length === 0) continue;
    const rows = await app.db
      .select()
      .from(table as PgTable)
      .where(or(...conditions));
    result[getTableName(table)] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

/** What must never appear in an answer to anyone but the victim (the references are read by victimReferences). */
export function victimSecrets(w: World, references: string[]): string[] {
  const payments = Object.values(w.payments).filter((p): p is string =>
    Boolean(p),
  );
  return [
    VICTIM_SURNAME,
    w.victim.email,
    w.flowEmail,
    w.flow.token,
    w.agentFlow.token,
    w.dayTrip.token,
    ...references,
    ...payments,
  ];
}

/** The references of the victim's account bookings (read once, after the world is made). */
export async function victimReferences(
  app: FastifyInstance,
  w: World,
): Promise<string[]> {
  const rows = await app.db
    .select({ reference: bookings.reference })
    .from(bookings)
    .where(inArray(bookings.id, victimBookingIds(w)));
  return rows
    .map((row) => row.reference)
    .filter((reference): reference is string => Boolean(reference));
}

/** A document of the victim's booking and a download link for it, as the documents list gives them now. */
export async function documentLinks(
  app: FastifyInstance,
  headers: Record<string, string>,
  bookingId: number,
) {
  const response = await app.inject({
    method: "GET",
    url: `/api/account/bookings/${bookingId}/documents`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return parseDocumentsList(response.body).map((document) => ({
    id: document.id,
    url: document.url,
    token: new URL(document.url, "http://localhost").searchParams.get("token")!,
  }));
}

/** The kinds of credential of the matrix, in the order the summary lists them. */
export const CREDENTIAL_KINDS = [
  "none",
  "expired",
  "forged",
  "wrong audience",
  "another customer",
  "another booking",
  "agent",
  "wrong kind",
] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export interface Credential {
  name: string;
  kind: CredentialKind;
  headers: Record<string, string>;
  /** A customer access token of some sort is in Authorization (an endpoint that reads sign-in must refuse a bad one). */
  jwt: boolean;
  /** Seconds the clock is moved on while this credential is tried (an expired booking token or download link). */
  advance?: number;
  /** The token put in a document download link in place of the victim's. */
  link: (links: DocumentLinks) => string | undefined;
}

export interface DocumentLinks {
  /** The victim's own, valid link to the document under attack. */
  own: string;
  /** The victim's link to a document of another of their bookings. */
  otherBooking: string;
  /** The attacker's link to one of the attacker's documents. */
  attacker: string;
  secret: Buffer;
  claims: { customerId: number; bookingId: number; documentId: number };
  now: Date;
}

const tamper = (token: string) => {
  const [head, body, signature] = token.split(".") as [string, string, string];
  const flipped =
    signature.slice(0, 10) +
    (signature[10] === "A" ? "B" : "A") +
    signature.slice(11);
  return `${head}.${body}.${flipped}`;
};

/** Every hostile credential: none of them is the victim's own, valid one for the call. */
export async function hostileCredentials(
  w: World,
  key: SigningKey,
): Promise<Credential[]> {
  const email = w.victim.email;
  const otherKey = await signingKey();
  const sameKidOtherKey: SigningKey = { ...otherKey, kid: key.kid };
  const jwt = (
    name: string,
    kind: CredentialKind,
    token: string,
  ): Credential => ({
    name,
    kind,
    headers: bearerHeader(token),
    jwt: true,
    link: () => undefined,
  });
  const forgedLink = (links: DocumentLinks) =>
    signDocumentLink(randomBytes(32), links.claims, links.now);
  return [
    {
      name: "no credential",
      kind: "none",
      headers: {},
      jwt: false,
      link: () => undefined,
    },
    {
      ...jwt(
        "customer JWT past its expiry",
        "expired",
        await tokenFor(key, email, { expiresIn: -120 }),
      ),
      link: (l) => l.own,
      advance: DOCUMENT_LINK_TTL_SECONDS + 1,
    },
    {
      name: "booking token past its timeout + grace",
      kind: "expired",
      headers: bearer(w.flow.token),
      jwt: false,
      advance: BOOKING_TOKEN_TIMEOUT_SECONDS + CONFIRM_GRACE_SECONDS + 1,
      link: (l) => l.own,
    },
    {
      ...jwt(
        "customer JWT with its signature changed",
        "forged",
        tamper(await tokenFor(key, email)),
      ),
      link: (l) => `${l.own.split(".")[0]}.${"A".repeat(43)}`,
    },
    {
      ...jwt("customer JWT with alg none", "forged", unsignedToken(email)),
      link: forgedLink,
    },
    {
      ...jwt(
        "customer JWT signed with another key (same kid)",
        "forged",
        await tokenFor(sameKidOtherKey, email),
      ),
      link: forgedLink,
    },
    {
      name: "made-up booking token of the right shape",
      kind: "forged",
      headers: bearer(randomBytes(32).toString("base64url")),
      jwt: false,
      link: () => "let-me-in",
    },
    {
      ...jwt(
        "customer JWT for another audience",
        "wrong audience",
        await tokenFor(key, email, { audience: "another-api" }),
      ),
      link: () => undefined,
    },
    {
      ...jwt(
        "customer JWT from another issuer",
        "wrong audience",
        await tokenFor(key, email, { issuer: "https://issuer.evil.test" }),
      ),
      link: () => undefined,
    },
    {
      ...jwt(
        "customer JWT without a verified e-mail",
        "wrong audience",
        await signToken(key, { email, emailVerified: false }),
      ),
      link: () => undefined,
    },
    {
      ...jwt(
        "another customer’s valid JWT",
        "another customer",
        w.attacker.jwt,
      ),
      link: (l) => l.attacker,
    },
    {
      name: "another booking’s valid booking token",
      kind: "another booking",
      headers: bearer(w.attackerFlow.token),
      jwt: false,
      link: (l) => l.otherBooking,
    },
    {
      name: "another customer’s JWT with the victim’s booking token",
      kind: "another customer",
      headers: {
        ...bearerHeader(w.attacker.jwt),
        "x-booking-token": w.flow.token,
      },
      jwt: true,
      link: (l) => l.attacker,
    },
    {
      name: "agent verification token as a bearer",
      kind: "agent",
      headers: bearer(w.agent.verification.token),
      jwt: false,
      link: () => w.agent.verification.token,
    },
  ];
}

/** The victim's own credential of the other kind: a booking token on an account call, the customer token on a booking call. */
export function wrongKindCredential(
  w: World,
  auth: "customer" | "booking",
): Credential {
  return auth === "customer"
    ? {
        name: "the victim’s booking token where a customer token is expected",
        kind: "wrong kind",
        headers: bearer(w.flow.token),
        jwt: false,
        link: () => undefined,
      }
    : {
        name: "the victim’s customer JWT where a booking token is expected",
        kind: "wrong kind",
        headers: bearerHeader(w.victim.jwt),
        jwt: true,
        link: () => undefined,
      };
}

/**
 * Every route the app serves, as `METHOD /path` (HEAD left out: Fastify adds
 * it to every GET), read from Fastify's own route tree so that a route added
 * anywhere shows up here.
 */
export function servedRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)(?:[├└]── )?(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match || !match[2]) continue;
    const depth = Math.floor(match[1]!.length / 4);
    stack.length = depth;
    stack.push(match[2]);
    for (const method of (match[3] ?? "")
      .split(",")
      .map((m) => m.trim())
      .filter((m) => m && m !== "HEAD"))
      routes.push(`${method} ${stack.join("")}`);
  }
  return routes;
}
