import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import {
  SIGNATURE_HEADER,
  signNotification,
} from "../src/adapters/payments/wire.ts";
import { payEvents, paymentNotifications } from "../src/db/schema/index.ts";
import { DEMO } from "./account-passengers-fixtures.ts";
import type {
  Credential,
  CredentialKind,
  World,
} from "./access-matrix-fixtures.ts";
import { AUTH, CARDS, tokenBody } from "./payment-provider-fixtures.ts";

/**
 * The routes outside the contract registry, each with what guards it, and the
 * part of the access matrix for those that take a credential: the card
 * provider's server API (its secret key), its frame (the payment token), the
 * provider's notifications to us (their signature). The identity provider and
 * the test-only routes are tried on an app configured as they are served
 * (access-matrix.test.ts, second describe).
 */
export const NON_CONTRACT_ROUTES: { route: RegExp; guard: string }[] = [
  {
    route: /^(GET|POST) \/api\/docs(\/.*)?$/,
    guard: "public: the OpenAPI document and its viewer",
  },
  { route: /^GET \/?\*$/, guard: "public: the single-page app and its files" },
  {
    route: /^GET \/admin(\/|\/\*)?$/,
    guard: "public: the staff console's page and files (noindex, no-store); its API calls are staff-guarded (staff-role-matrix)",
  },
  {
    route: /^GET \/api\/media\/tours\/:file$/,
    guard: "public: the tour pictures (a picture's name only: the demo's rendered files, then the uploads in the file storage)",
  },
  {
    route: /^GET \/api\/sandbox\/geolocation$/,
    guard: "public: the sandbox geolocation (the caller’s own address)",
  },
  {
    route: /^[A-Z]+ \/api\/testing\/.+$/,
    guard:
      "exists only with TEST_FAULTS=true, which production refuses; absent otherwise (tested)",
  },
  {
    route: /^POST \/api\/payments\/notifications$/,
    guard:
      "the provider’s HMAC signature over the raw body, within 5 minutes (tested)",
  },
  {
    route: /^GET \/pay\/(sdk\.js|frame\.js|card-entry\.js)$/,
    guard: "public: the card provider’s scripts",
  },
  {
    route: /^GET \/pay\/frame$/,
    guard: "the payment token (tested with forged tokens)",
  },
  {
    route: /^POST \/pay\/api\/frame\/payments$/,
    guard: "the payment token (tested with forged tokens)",
  },
  {
    route:
      /^(POST|GET) \/pay\/api\/(tokens|payments\/:id(\/refunds)?|payment-requests\/:id(\/cancel)?|refunds\/:id)$/,
    guard: "the provider’s secret key (tested)",
  },
  {
    route: /^[A-Z]+ \/idp(\/.*)?$/,
    guard:
      "the identity provider: PKCE codes, refresh tokens, interaction cookies (tested on the sandbox app)",
  },
  {
    route:
      /^GET \/dev\/mailbox(\.json|\/:id\/(html|text|attachments\/:index))?$/,
    guard:
      "the e-mail sandbox only; production refuses to start with it (production-guard)",
  },
];

type Row = Partial<Record<CredentialKind, Map<string, number>>>;
type Expected = { statuses: number[]; sameAs?: LightMyRequestResponse };
export interface NonContractRun {
  app: FastifyInstance;
  w: World;
  credentials: Credential[];
  secrets: string[];
  rows: Map<string, Row>;
  judge: (
    what: string,
    response: LightMyRequestResponse,
    expected: Expected,
    secrets: string[],
  ) => void;
  fingerprint: () => Promise<unknown>;
  send: (
    call: {
      method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      url: string;
      payload?: object;
    },
    headers: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
}

const tally = (
  rows: Map<string, Row>,
  name: string,
  kind: CredentialKind,
  status: number,
) => {
  const row = rows.get(name) ?? {};
  rows.set(name, row);
  const cell = (row[kind] ??= new Map());
  cell.set(String(status), (cell.get(String(status)) ?? 0) + 1);
};

export async function runNonContractMatrix(run: NonContractRun): Promise<void> {
  const { app, w, credentials, secrets, rows, judge, send } = run;
  const paymentId = w.payments.account!;
  const read = await app.inject({
    method: "GET",
    url: `/pay/api/payments/${paymentId}`,
    headers: AUTH,
  });
  expect(read.statusCode, read.body).toBe(200);
  const requestId = read.json().payment_request_id as string;
  const victimBooking = String(w.victim.booking(DEMO.vienna));

  // The provider's server API: only its secret key, never a customer's, a booking's or an agent's token.
  const serverApi = [
    {
      name: "GET /pay/api/payments/:id",
      call: { method: "GET" as const, url: `/pay/api/payments/${paymentId}` },
    },
    {
      name: "GET /pay/api/payment-requests/:id",
      call: {
        method: "GET" as const,
        url: `/pay/api/payment-requests/${requestId}`,
      },
    },
    {
      name: "POST /pay/api/payment-requests/:id/cancel",
      call: {
        method: "POST" as const,
        url: `/pay/api/payment-requests/${requestId}/cancel`,
      },
    },
    {
      name: "POST /pay/api/tokens",
      call: {
        method: "POST" as const,
        url: "/pay/api/tokens",
        payload: tokenBody({ crm_key: victimBooking }),
      },
    },
  ];
  const keyCredentials: Credential[] = [
    ...credentials,
    {
      name: "a wrong secret key",
      kind: "forged",
      headers: {
        authorization: `Bearer sk_sandbox_${randomBytes(16).toString("hex")}`,
      },
      jwt: false,
      link: () => undefined,
    },
    {
      name: "the victim’s customer JWT",
      kind: "wrong kind",
      headers: { authorization: `Bearer ${w.victim.jwt}` },
      jwt: true,
      link: () => undefined,
    },
    {
      name: "the victim’s booking token",
      kind: "wrong kind",
      headers: w.flow.headers,
      jwt: false,
      link: () => undefined,
    },
  ];
  const before = await run.fingerprint();
  for (const { name, call } of serverApi) {
    for (const cred of keyCredentials) {
      const response = await send(call, cred.headers);
      judge(
        `${name} with ${cred.name}`,
        response,
        { statuses: [401] },
        secrets,
      );
      tally(rows, name, cred.kind, response.statusCode);
    }
  }
  expect(await run.fingerprint()).toEqual(before);
  // With the key, the same read succeeds (and answers the victim's payment: the key is the merchant's, not a visitor's).
  expect((await send(serverApi[0]!.call, AUTH)).statusCode).toBe(200);

  // The card frame: a payment token nobody was given opens nothing and pays nothing.
  for (const cred of credentials) {
    const forged = randomBytes(32).toString("base64url");
    const page = await send(
      { method: "GET", url: `/pay/frame?token=${forged}` },
      cred.headers,
    );
    judge(
      `GET /pay/frame with a made-up token and ${cred.name}`,
      page,
      { statuses: [200, 401, 404] },
      secrets,
    );
    expect(page.body).toContain("This payment request is not valid");
    tally(rows, "GET /pay/frame (made-up token)", cred.kind, page.statusCode);
    const paid = await send(
      {
        method: "POST",
        url: "/pay/api/frame/payments",
        payload: {
          token: forged,
          card_number: CARDS.succeeds,
          expiry: "12/39",
          cvc: "123",
          name: "X",
        },
      },
      cred.headers,
    );
    judge(
      `POST /pay/api/frame/payments with a made-up token and ${cred.name}`,
      paid,
      { statuses: [401] },
      secrets,
    );
    tally(
      rows,
      "POST /pay/api/frame/payments (made-up token)",
      cred.kind,
      paid.statusCode,
    );
  }
  expect(await run.fingerprint()).toEqual(before);

  // The provider's notifications: only its signature over this very body, recent.
  const [event] = (await app.db.select().from(payEvents)).filter(
    (row) =>
      (row.payload as { payment: { id: string } }).payment.id === paymentId,
  );
  expect(event).toBeDefined();
  const body = JSON.stringify({
    id: event!.id,
    type: event!.type,
    created_at: event!.createdAt.toISOString(),
    data: event!.payload,
  });
  const now = Math.floor(app.clock.now().getTime() / 1000);
  const secret = app.config.payments.webhookSecret;
  const notify = (headers: Record<string, string>, payload = body) =>
    app.inject({
      method: "POST",
      url: "/api/payments/notifications",
      headers: { "content-type": "application/json", ...headers },
      payload,
    });
  const signatures: [string, CredentialKind, Record<string, string>][] = [
    ["no signature", "none", {}],
    [
      "a signature made with another secret",
      "forged",
      {
        [SIGNATURE_HEADER]: signNotification(
          "whsec_not_the_providers_secret_0000",
          body,
          now,
        ),
      },
    ],
    [
      "a signature of another body",
      "forged",
      { [SIGNATURE_HEADER]: signNotification(secret, `${body} `, now) },
    ],
    [
      "a signature ten minutes old",
      "expired",
      { [SIGNATURE_HEADER]: signNotification(secret, body, now - 600) },
    ],
    ...credentials.map(
      (cred): [string, CredentialKind, Record<string, string>] => [
        cred.name,
        cred.kind,
        cred.headers,
      ],
    ),
  ];
  const [received] = await app.db
    .select({ n: count() })
    .from(paymentNotifications);
  for (const [name, kind, headers] of signatures) {
    const response = await notify(headers);
    judge(
      `POST /api/payments/notifications with ${name}`,
      response,
      { statuses: [401] },
      secrets,
    );
    tally(rows, "POST /api/payments/notifications", kind, response.statusCode);
  }
  expect(
    await app.db.select({ n: count() }).from(paymentNotifications),
  ).toEqual([received]);
  expect(
    await app.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.eventId, event!.id)),
  ).toEqual([]);
  expect(await run.fingerprint()).toEqual(before);
  const signed = await notify({
    [SIGNATURE_HEADER]: signNotification(secret, body, now),
  });
  expect(signed.statusCode, signed.body).toBe(200);
}
