import { writeFileSync } from "node:fs";
import { ENDPOINTS, SITE_ENDPOINTS, type SiteEndpointName } from "@tours/domain";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "./account-passengers-fixtures.ts";
import {
  createWorld,
  CREDENTIAL_KINDS,
  documentLinks,
  fingerprint,
  hostileCredentials,
  MISSING_ID,
  servedRoutes,
  victimReferences,
  victimSecrets,
  wrongKindCredential,
  type Credential,
  type CredentialKind,
  type World,
} from "./access-matrix-fixtures.ts";
import {
  accountPath,
  cases,
  type Call,
  type Case,
  type Target,
} from "./access-matrix-cases.ts";
import {
  OIDC_TEST_ENV,
  signingKey,
  testKeySource,
  type SigningKey,
} from "./customer-tokens.ts";
import { build, testClock } from "./helper.ts";
import { rowCounts } from "./db-counts.ts";
import { signIn } from "./identity-provider-flow.ts";
import { seedAccountCustomer } from "../src/modules/testing/account-customer.ts";
import {
  NON_CONTRACT_ROUTES,
  runNonContractMatrix,
} from "./access-matrix-routes.ts";

/**
 * Issue 14, Access: every endpoint of the contract registry, called against
 * the victim's resources with every kind of credential that is not the
 * victim's own, must refuse (401 for no, expired, forged or foreign tokens,
 * 404 identical to a missing resource for another customer's, 403 where
 * documented), answer nothing of the victim's and write nothing of the
 * victim's; the victim's own credential succeeds on the same call.
 * ACCESS_MATRIX_REPORT=<file> writes the summary table as Markdown.
 */

/** One row of the summary: by credential kind, how each attempt was answered. */
type Row = Partial<Record<CredentialKind, Map<string, number>>>;
const tally = (row: Row, kind: CredentialKind, outcome: string) => {
  const cell = (row[kind] ??= new Map());
  cell.set(outcome, (cell.get(outcome) ?? 0) + 1);
};

function summaryTable(
  rows: Map<string, Row>,
  totals: {
    attempts: number;
    refused: number;
    crossReads: number;
    crossWrites: number;
  },
): string {
  const header = `| endpoint | ${CREDENTIAL_KINDS.join(" | ")} |\n|---|${CREDENTIAL_KINDS.map(() => "---").join("|")}|`;
  const lines = [...rows].map(
    ([name, row]) =>
      `| ${name} | ${CREDENTIAL_KINDS.map((kind) => [...(row[kind] ?? new Map<string, number>())].map(([outcome, n]) => `${outcome}×${n}`).join(", ") || "–").join(" | ")} |`,
  );
  return [
    header,
    ...lines,
    "",
    `${totals.attempts} hostile attempts, ${totals.refused} refused, ${totals.attempts - totals.refused} answered only the caller's own or public data; cross-customer/booking reads: ${totals.crossReads}, writes: ${totals.crossWrites}.`,
  ].join("\n");
}

describe("access matrix: every endpoint × every credential that is not the owner’s", () => {
  const clock = testClock();
  const published = testKeySource();
  let key: SigningKey;
  const server = build({
    env: {
      ...OIDC_TEST_ENV,
      TEST_FAULTS: "true",
      HOLD_SWEEP_INTERVAL_MS: "0",
      MAIL_RELAY_INTERVAL_MS: "0",
    },
    customerTokenKeys: published.source,
    clock,
  });
  const app = () => server.app;
  let w: World;
  let credentials: Credential[];
  const rows = new Map<string, Row>();
  const totals = { attempts: 0, refused: 0, crossReads: 0, crossWrites: 0 };
  const problems: string[] = [];
  const CASES = cases(app);

  beforeAll(async () => {
    key = await signingKey();
    published.publish(key);
    w = await createWorld(app(), key);
    credentials = await hostileCredentials(w, key);
  }, 120_000);

  let ip = 0;
  /** Each attempt from its own address, so per-client rate limits neither hide a refusal nor block the owner. */
  const nextAddress = () =>
    `10.66.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;
  const send = (call: Call, headers: Record<string, string>) =>
    app().inject({
      method: call.method,
      url: call.url,
      headers,
      remoteAddress: nextAddress(),
      ...(call.payload ? { payload: call.payload } : {}),
    } as InjectOptions);

  /** The victim's data in an answer: the body, or a header a browser would follow. */
  function leaked(
    response: LightMyRequestResponse,
    secrets: string[],
  ): string[] {
    const text = `${response.body}\n${String(response.headers.location ?? "")}`;
    return secrets.filter((secret) => text.includes(secret));
  }

  async function withClock<T>(
    seconds: number | undefined,
    action: () => Promise<T>,
  ): Promise<T> {
    if (!seconds) return action();
    clock.advance(seconds);
    try {
      return await action();
    } finally {
      clock.advance(-seconds);
    }
  }

  interface Expected {
    statuses: number[];
    sameAs?: LightMyRequestResponse;
    echoes?: number[];
  }
  /** The answer with the ids the caller sent put back as the missing id, to compare with the answer for that id. */
  const asMissing = (body: string, echoes: number[] = []) =>
    echoes.reduce(
      (text, id) =>
        text.replace(new RegExp(`\\b${id}\\b`, "g"), String(MISSING_ID)),
      body,
    );
  const sameAsMissing = (
    response: LightMyRequestResponse,
    expected: Expected,
  ) =>
    expected.sameAs !== undefined &&
    response.statusCode === expected.sameAs.statusCode &&
    asMissing(response.body, expected.echoes) === expected.sameAs.body;

  function judge(
    what: string,
    response: LightMyRequestResponse,
    expected: Expected,
    secrets: string[],
  ) {
    totals.attempts += 1;
    if (response.statusCode >= 400) totals.refused += 1;
    const found = leaked(response, secrets);
    if (found.length > 0) {
      totals.crossReads += 1;
      problems.push(
        `${what}: the answer holds the victim's ${found.join(", ")}: ${response.body.slice(0, 300)}`,
      );
    }
    if (response.statusCode >= 500)
      problems.push(
        `${what}: ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
    else if (!expected.statuses.includes(response.statusCode))
      problems.push(
        `${what}: ${response.statusCode} (expected ${expected.statuses.join(" or ")}) ${response.body.slice(0, 200)}`,
      );
    if (expected.sameAs && !sameAsMissing(response, expected)) {
      problems.push(
        `${what}: answers ${response.statusCode} ${response.body.slice(0, 160)}, not as for a missing resource (${expected.sameAs.statusCode} ${expected.sameAs.body.slice(0, 160)})`,
      );
    }
    if (
      response.statusCode === 401 &&
      response.json().error?.code !== "UNAUTHORIZED"
    )
      problems.push(`${what}: a 401 without the UNAUTHORIZED code`);
  }

  /** What a credential must get on an endpoint, by who may call it. */
  async function expectation(
    name: SiteEndpointName,
    c: Case,
    cred: Credential,
  ): Promise<Expected> {
    const auth = SITE_ENDPOINTS[name].auth;
    if (auth === "none") {
      const bad =
        cred.jwt &&
        (cred.kind === "expired" ||
          cred.kind === "forged" ||
          cred.kind === "wrong audience");
      return { statuses: [bad && c.readsSignIn ? 401 : c.ok] };
    }
    // The same credential on resources nobody has: computed only for the credentials that are compared with it.
    const missingAnswer = async () =>
      c.missing ? send(await c.missing(w), cred.headers) : undefined;
    if (auth === "customer") {
      if (cred.kind !== "another customer") return { statuses: [401] };
      return c.missing
        ? { statuses: [404], sameAs: await missingAnswer() }
        : { statuses: [c.ok] };
    }
    // auth === 'booking'
    if (cred.kind === "another customer" && cred.headers["x-booking-token"])
      return { statuses: [403] };
    if (cred.kind !== "another booking") return { statuses: [401] };
    // The attacker's own booking token: the call acts on the attacker's booking only. Where the victim's ids are in it, the answer is the one for ids nobody has.
    return c.missing
      ? {
          statuses: [200, 400, 403, 404, 409],
          sameAs: await missingAnswer(),
          echoes: c.echoes?.(w) ?? [],
        }
      : { statuses: [200, 201, 400, 403, 404, 409] };
  }

  const ownerHeaders = (target: Target): Record<string, string> =>
    target === "account"
      ? w.victim.headers
      : target === "public"
        ? {}
        : target === "flow"
          ? w.flow.headers
          : target === "agentFlow"
            ? w.agentFlow.headers
            : w.dayTrip.headers;

  async function runEndpoint(name: SiteEndpointName, secrets: string[]) {
    const c = CASES[name];
    const row: Row = {};
    rows.set(name, row);
    await c.prepare?.(w);
    const allSecrets = victimSecrets(w, secrets);
    const before = await fingerprint(app(), w);
    const call = await c.call(w);
    const auth = SITE_ENDPOINTS[name].auth;
    if (auth === "staff") throw new Error(`${name}: a staff call among the site's calls`);
    const tried =
      auth === "none"
        ? credentials
        : [...credentials, wrongKindCredential(w, auth)];
    for (const cred of tried) {
      const what = `${name} with ${cred.name}`;
      // The clock matters only to tokens; public answers (booking windows) must not move with it.
      const advance = auth === "none" ? undefined : cred.advance;
      const response = await withClock(advance, () => send(call, cred.headers));
      const expected = await expectation(name, c, cred);
      judge(
        what,
        response,
        expected,
        auth === "none"
          ? allSecrets.filter((s) => s !== w.victim.email)
          : allSecrets,
      );
      tally(
        row,
        cred.kind,
        sameAsMissing(response, expected)
          ? `${response.statusCode}=missing`
          : String(response.statusCode),
      );
    }
    if (auth !== "none") {
      const after = await fingerprint(app(), w);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        totals.crossWrites += 1;
        expect(after, `${name}: the victim's rows changed`).toEqual(before);
      }
    }
    // Positive control: the owner's own credential succeeds on the very same call.
    const owned = await send(call, ownerHeaders(c.target));
    expect(
      owned.statusCode,
      `${name} as its owner: ${owned.body.slice(0, 300)}`,
    ).toBe(c.ok);
  }

  /** Download links: the link's token is the credential, whatever Authorization says. */
  async function runDownload(secrets: string[]) {
    const row: Row = {};
    rows.set("downloadDocument", row);
    const vienna = w.victim.booking(DEMO.vienna);
    const [document] = await documentLinks(app(), w.victim.headers, vienna);
    const [otherBookingDocument] = await documentLinks(
      app(),
      w.victim.headers,
      w.victim.booking(DEMO.sicily),
    );
    const [attackerDocument] = await documentLinks(
      app(),
      w.attacker.headers,
      w.attacker.booking(DEMO.vienna),
    );
    const path = `${accountPath(w)}/documents/${document!.id}`;
    const url = (token: string | undefined) =>
      token === undefined ? path : `${path}?token=${encodeURIComponent(token)}`;
    const refusal = await send(
      {
        method: "GET",
        url: `${accountPath(w)}/documents/${MISSING_ID}?token=${encodeURIComponent(document!.token)}`,
      },
      {},
    );
    expect(refusal.statusCode).toBe(404);
    const links = {
      own: document!.token,
      otherBooking: otherBookingDocument!.token,
      attacker: attackerDocument!.token,
      secret: Buffer.alloc(32, 7),
      claims: {
        customerId: w.victim.customerId,
        bookingId: vienna,
        documentId: document!.id,
      },
      now: clock.now(),
    };
    const before = await fingerprint(app(), w);
    for (const cred of [
      ...credentials,
      wrongKindCredential(w, "customer"),
      wrongKindCredential(w, "booking"),
    ]) {
      const token = cred.link(links);
      // A link given to the victim's own sign-in is theirs: the matrix tries it only once it has expired.
      const advance = token === links.own ? cred.advance : undefined;
      if (token === links.own && !advance) continue;
      const response = await withClock(advance, () =>
        send({ method: "GET", url: url(token) }, cred.headers),
      );
      judge(
        `downloadDocument with ${cred.name}`,
        response,
        token === undefined
          ? { statuses: [400] }
          : { statuses: [404], sameAs: refusal },
        victimSecrets(w, secrets),
      );
      if (
        token !== undefined &&
        response.headers["content-disposition"] !== undefined
      )
        problems.push(`downloadDocument with ${cred.name}: a file was sent`);
      tally(
        row,
        cred.kind,
        response.statusCode === refusal.statusCode &&
          response.body === refusal.body
          ? "404=missing"
          : String(response.statusCode),
      );
    }
    expect(await fingerprint(app(), w)).toEqual(before);
    const owned = await send({ method: "GET", url: url(links.own) }, {});
    expect(owned.statusCode, owned.body.slice(0, 200)).toBe(200);
    expect(owned.headers["content-disposition"]).toBeDefined();
  }

  it("classifies every endpoint of the registry, so a new one cannot be forgotten", () => {
    // The staff console's calls are the staff role matrix's (staff-role-matrix.test.ts), which tries these same hostile credentials on them.
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(SITE_ENDPOINTS).sort());
    expect(Object.keys(ENDPOINTS).filter((name) => !(name in SITE_ENDPOINTS)).every((name) => ENDPOINTS[name as keyof typeof ENDPOINTS].path.startsWith("/staff/"))).toBe(true);
  });

  it("classifies every route the app serves: a contract endpoint or a listed non-contract route", () => {
    const contract = new Set(
      Object.values(ENDPOINTS).map((e) => `${e.method} /api${e.path}`),
    );
    const unclassified = servedRoutes(app()).filter(
      (route) =>
        !contract.has(route) &&
        !NON_CONTRACT_ROUTES.some((r) => r.route.test(route)),
    );
    expect(unclassified).toEqual([]);
    // And the registry's every endpoint is served (the staff console's: endpoints.test.ts and the staff role matrix).
    const served = new Set(servedRoutes(app()));
    const site = Object.values(SITE_ENDPOINTS).map((e) => `${e.method} /api${e.path}`);
    expect(site.filter((route) => !served.has(route))).toEqual([]);
  });

  it("refuses every hostile credential on every endpoint: no read or write of the victim’s, and the owner still succeeds", async () => {
    const secrets = await victimReferences(app(), w);
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    const names = Object.keys(SITE_ENDPOINTS) as SiteEndpointName[];
    const ordered = [
      ...names.filter((n) => !CASES[n].last),
      ...names.filter((n) => CASES[n].last),
    ];
    for (const name of ordered) {
      if (name === "downloadDocument") await runDownload(secrets);
      else await runEndpoint(name, secrets);
    }
    // The victim's card payment offered as a receipt for the attacker's own booking: refused, and filed nowhere.
    const stolen = await send(
      {
        method: "PUT",
        url: `${accountPath(w, w.attacker.booking(DEMO.vienna))}/payments/${w.payments.account}?currency=GBP`,
        payload: { payment_method_id: "pm_sandbox_visa_4242" },
      },
      { authorization: `Bearer ${w.attacker.jwt}` },
    );
    judge(
      "submitPaymentReceipt of the victim’s payment on the attacker’s own booking",
      stolen,
      { statuses: [400] },
      victimSecrets(w, secrets),
    );
    await runNonContractMatrix({
      app: app(),
      w,
      credentials,
      secrets: victimSecrets(w, secrets),
      rows,
      judge,
      fingerprint: () => fingerprint(app(), w),
      send,
    });
    const table = summaryTable(rows, totals);
    console.log(
      `\nAccess matrix (endpoint × credential kind → statuses; "=missing": byte-identical to the answer for a resource nobody has)\n${table}\n`,
    );
    if (process.env.ACCESS_MATRIX_REPORT)
      writeFileSync(process.env.ACCESS_MATRIX_REPORT, `${table}\n`);
    expect(problems).toEqual([]);
    expect(totals).toMatchObject({ crossReads: 0, crossWrites: 0 });
    expect(totals.attempts).toBeGreaterThan(500);
  }, 600_000);
});

describe("access on the app as it is served: the sandbox identity provider, and no test routes without TEST_FAULTS", () => {
  const server = build({
    env: { HOLD_SWEEP_INTERVAL_MS: "0", MAIL_RELAY_INTERVAL_MS: "0" },
  });
  const app = () => server.app;

  it("serves no /api/testing route without TEST_FAULTS, and answers each as a route that does not exist", async () => {
    expect(
      servedRoutes(app()).filter((route) => route.includes("/api/testing")),
    ).toEqual([]);
    const before = await rowCounts(app().db);
    const unknown = await app().inject({
      method: "POST",
      url: "/api/no-such-route",
      payload: {},
    });
    for (const url of [
      "/api/testing/account-customer",
      "/api/testing/faults",
      "/api/testing/faults/release",
      "/api/testing/jobs/reconcile",
    ]) {
      for (const method of ["GET", "POST"] as const) {
        const response = await app().inject({
          method,
          url,
          payload:
            method === "POST"
              ? { booking_id: 1, fault: "confirm-after-payment" }
              : undefined,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.code).toBe(unknown.json().error.code);
      }
    }
    expect(await rowCounts(app().db)).toEqual(before);
  });

  it("opens a customer’s bookings only with an access token it issued to that customer for this API", async () => {
    const victim = await seedAccountCustomer(app().db);
    const attacker = await seedAccountCustomer(app().db);
    const mine = await signIn(app(), victim.email);
    const theirs = await signIn(app(), attacker.email);
    const url = `/api/account/bookings/${victim.bookings[0]!.id}`;
    const get = (token: string | null, path = url) =>
      app().inject({
        method: "GET",
        url: path,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const secrets = [victim.email, ...victim.bookings.map((b) => b.reference)];
    const noLeak = (response: LightMyRequestResponse, what: string) => {
      for (const secret of secrets)
        expect(response.body, `${what} leaks ${secret}`).not.toContain(secret);
    };

    // Another customer's genuine token: the victim's booking is as missing as one nobody has.
    const missing = await get(
      theirs.access_token,
      `/api/account/bookings/${MISSING_ID}`,
    );
    const cross = await get(theirs.access_token);
    expect(cross.statusCode).toBe(404);
    expect(cross.body).toBe(missing.body);
    noLeak(cross, "another customer’s token");
    // Tokens of the wrong kind or audience, and forgeries, are the one 401.
    const [head, claims] = mine.access_token.split(".") as [
      string,
      string,
      string,
    ];
    const hostile: [string, string | null][] = [
      ["no token", null],
      ["the ID token (audience: the web app, not this API)", mine.id_token],
      ["the refresh token", mine.refresh_token],
      [
        "the access token with its signature changed",
        `${head}.${claims}.${"A".repeat(342)}`,
      ],
      [
        "the access token re-signed with alg none",
        `${Buffer.from(JSON.stringify({ alg: "none", typ: "at+jwt" })).toString("base64url")}.${claims}.`,
      ],
    ];
    for (const [what, token] of hostile) {
      const response = await get(token);
      expect(response.statusCode, what).toBe(401);
      noLeak(response, what);
    }
    // The identity provider's own endpoints: a refresh token nobody was given, or one presented by another client, is refused.
    const refresh = (refreshToken: string, clientId = "tours-web") =>
      app().inject({
        method: "POST",
        url: "/idp/token",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: clientId,
        }).toString(),
      });
    for (const [what, response] of [
      ["a made-up refresh token", await refresh("made-up-refresh-token")],
      [
        "the refresh token presented by another client",
        await refresh(mine.refresh_token, "another-client"),
      ],
    ] as const) {
      expect(
        response.statusCode,
        `${what}: ${response.body}`,
      ).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      noLeak(response, what);
    }
    for (const token of [
      null,
      "made-up",
      `${head}.${claims}.${"A".repeat(342)}`,
    ]) {
      const userinfo = await app().inject({
        method: "GET",
        url: "/idp/me",
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(userinfo.statusCode, userinfo.body).toBeGreaterThanOrEqual(400);
      expect(userinfo.statusCode).toBeLessThan(500);
      noLeak(userinfo, `userinfo with ${token ?? "no token"}`);
    }
    // Positive control: the victim's own token opens the booking, and the victim's refresh token still renews.
    expect((await get(mine.access_token)).statusCode).toBe(200);
    expect((await refresh(mine.refresh_token)).statusCode).toBe(200);
  });
});
