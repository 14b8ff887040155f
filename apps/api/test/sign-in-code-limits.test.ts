import { RATE_LIMIT_MESSAGES } from '@tours/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpSignInCodes, outboxMessages } from '../src/db/schema/index.ts';
import { testClock } from './helper.ts';
import { codeFromOutbox, followToCallback, pkce, startSignIn, submitEmail, type Browser } from './identity-provider-flow.ts';
import { browserFrom, expectRetryAfter, freshIp, pageMessage, statusCounts } from './rate-limit-clients.ts';
import { startReplicas, type ReplicaSet } from './replicas.ts';

/**
 * The sign-in codes' limits (sign-in-limits.ts) on three API replicas over
 * one database: codes sent per address and per client, wrong codes per
 * address and per client, each reached by calls spread over the replicas
 * and by bursts of parallel calls. Small limits, so a test reaches them in a
 * few calls. SIGN_IN_BURST scales the bursts (default 12).
 */
const WINDOW = 300;
const LIMITS = {
  SIGN_IN_CODE_SEND_ADDRESS_LIMIT: '3',
  SIGN_IN_CODE_SEND_CLIENT_LIMIT: '6',
  SIGN_IN_CODE_FAILURE_ADDRESS_LIMIT: '4',
  SIGN_IN_CODE_FAILURE_CLIENT_LIMIT: '6',
  SIGN_IN_CODE_WINDOW_SECONDS: String(WINDOW),
  HOLD_SWEEP_INTERVAL_MS: '0',
  MAIL_RELAY_INTERVAL_MS: '0',
  RATE_LIMIT_SWEEP_INTERVAL_MS: '0',
};
const BURST = Number(process.env.SIGN_IN_BURST ?? 12);
const minutes = (seconds: number) => `in ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;

let nextAddress = 1;
const freshEmail = () => `limit-${nextAddress++}-${Date.now()}@example.com`;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function codesMailedTo(set: ReplicaSet, email: string): Promise<number> {
  const [row] = await set.replicas[0]!.app.db
    .select({ count: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, email), eq(outboxMessages.subject, 'Your sign-in code')));
  return row?.count ?? 0;
}

describe('sign-in code limits across three replicas', () => {
  const clock = testClock();
  let set: ReplicaSet;
  const replica = (n: number) => set.pick(n).app;

  beforeAll(async () => {
    set = await startReplicas({ count: 3, env: LIMITS, clock });
  });
  afterAll(async () => {
    await set?.close();
  });

  /** A browser at the e-mail step of a sign-in started on replica `n`. */
  async function atEmailStep(n: number, ip = freshIp()) {
    const b = browserFrom({ ip });
    const interaction = await startSignIn(replica(n), b, pkce().challenge);
    return { b, interaction };
  }

  /** A sign-in at its code step for `email`: the code sent from a client of its own. */
  async function atCodeStep(n: number, email: string) {
    const { b, interaction } = await atEmailStep(n);
    await submitEmail(replica(n + 1), b, interaction, email);
    return { b, interaction, code: await codeFromOutbox(replica(n), email) };
  }

  it('sends an address at most its limit of codes from every replica and client together, then says on the page how long to wait', async () => {
    const email = freshEmail();
    const first = await atEmailStep(0);
    await submitEmail(replica(0), first.b, first.interaction, email);
    const firstCode = await codeFromOutbox(replica(0), email);
    for (let n = 1; n < 3; n += 1) {
      const { b, interaction } = await atEmailStep(n);
      await submitEmail(replica(n + 1), b, interaction, email);
    }
    expect(await codesMailedTo(set, email)).toBe(3);

    // A fourth sign-in, from another client on another replica, gets no code.
    const { b, interaction } = await atEmailStep(1);
    const refused = await b.post(replica(2), `${interaction}/email`, { email: email.toUpperCase() });
    const wait = expectRetryAfter(refused, WINDOW);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(pageMessage(refused.body, 'alert')).toBe(RATE_LIMIT_MESSAGES.signInCodesToAddress(minutes(wait)));
    // The address stays in the field, so the visitor can try again later with one click.
    expect(refused.body).toContain(`value="${email.toUpperCase()}"`);
    // 'Send a new code' on a sign-in that has a code: the code step, with the code that still works.
    const resent = await first.b.post(replica(1), `${first.interaction}/email`, { email, resend: '1' });
    expectRetryAfter(resent, WINDOW);
    expect(pageMessage(resent.body, 'alert')).toBe(RATE_LIMIT_MESSAGES.signInCodesToAddress(minutes(Number(resent.headers['retry-after']))));
    expect(resent.body).toContain('<label for="code">Sign-in code</label>');
    expect(await codesMailedTo(set, email)).toBe(3);
    const accepted = await first.b.post(replica(2), `${first.interaction}/code`, { code: firstCode });
    expect(accepted.statusCode, accepted.body).toBe(303);
    expect(await followToCallback(replica(0), first.b, accepted.headers.location as string)).toEqual(expect.any(String));

    // Another address is not held back; once the window ends the address gets codes again.
    const other = await atEmailStep(2);
    await submitEmail(replica(0), other.b, other.interaction, freshEmail());
    clock.advance(wait + 1);
    const later = await atEmailStep(0);
    await submitEmail(replica(1), later.b, later.interaction, email);
    expect(await codesMailedTo(set, email)).toBe(4);
  });

  it(`lets a burst of ${BURST} parallel sends to one address over the replicas mail no more than the limit`, async () => {
    const email = freshEmail();
    const steps = await Promise.all(Array.from({ length: BURST }, (_, n) => atEmailStep(n)));
    const answers = await Promise.all(steps.map(({ b, interaction }, n) => b.post(replica(n), `${interaction}/email`, { email })));
    expect(statusCounts(answers)).toEqual({ 303: 3, 429: BURST - 3 });
    expect(await codesMailedTo(set, email)).toBe(3);
  });

  it('sends one client at most its limit of codes, whatever the addresses, and not another client', async () => {
    const ip = freshIp();
    for (let n = 0; n < 6; n += 1) {
      const { b, interaction } = await atEmailStep(n, ip);
      await submitEmail(replica(n + 1), b, interaction, freshEmail());
    }
    const { b, interaction } = await atEmailStep(0, ip);
    const email = freshEmail();
    const refused = await b.post(replica(2), `${interaction}/email`, { email });
    const wait = expectRetryAfter(refused, WINDOW);
    expect(pageMessage(refused.body, 'alert')).toBe(RATE_LIMIT_MESSAGES.signInCodesFromClient(minutes(wait)));
    expect(await codesMailedTo(set, email)).toBe(0);
    // The refused client did not use up the address: another client sends it a code.
    await submitEmail(replica(1), b.from(freshIp()), interaction, email);
    expect(await codesMailedTo(set, email)).toBe(1);
  });

  it('counts wrong codes for an address over all its sign-ins, replicas and clients, and then refuses even the right code', async () => {
    const email = freshEmail();
    const sign = [await atCodeStep(0, email), await atCodeStep(1, email)];
    // Two wrong codes on each sign-in, each from a client of its own: four, the limit.
    for (let n = 0; n < 4; n += 1) {
      const { b, interaction, code } = sign[n % 2]!;
      const wrong = await b.from(freshIp()).post(replica(n), `${interaction}/code`, { code: wrongCode(code) });
      expect(wrong.statusCode).toBe(400);
      expect(pageMessage(wrong.body, 'code-error')).toMatch(/^That code is not right/);
    }
    const { b, interaction, code } = sign[1]!;
    const refused = await b.from(freshIp()).post(replica(2), `${interaction}/code`, { code });
    const wait = expectRetryAfter(refused, WINDOW);
    expect(pageMessage(refused.body, 'code-error')).toBe(RATE_LIMIT_MESSAGES.signInGuessesForAddress(minutes(wait)));
    expect(refused.body).toContain('aria-invalid="true"');
    // Nothing was checked: the code is still unused, with its two wrong tries.
    const rows = await replica(0).db.select().from(idpSignInCodes).where(eq(idpSignInCodes.email, email));
    expect(rows.map((row) => [row.failedAttempts, row.consumedAt])).toEqual([
      [2, null],
      [2, null],
    ]);
    // When the window ends the right code signs in (it lasts 10 minutes).
    clock.advance(wait + 1);
    const accepted = await b.post(replica(0), `${interaction}/code`, { code });
    expect(accepted.statusCode, accepted.body).toBe(303);
  });

  it(`lets a burst of ${BURST} parallel wrong codes for one address over the replicas be answered no more than the limit`, async () => {
    const email = freshEmail();
    const sign = [await atCodeStep(0, email), await atCodeStep(1, email), await atCodeStep(2, email)];
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, n) => {
        const { b, interaction, code } = sign[n % 3]!;
        return b.from(freshIp()).post(replica(n), `${interaction}/code`, { code: wrongCode(code) });
      }),
    );
    expect(statusCounts(answers)).toEqual({ 400: 4, 429: BURST - 4 });
    const rows = await replica(0).db.select({ failed: idpSignInCodes.failedAttempts }).from(idpSignInCodes).where(eq(idpSignInCodes.email, email));
    expect(rows.reduce((sum, row) => sum + row.failed, 0)).toBe(4);
  });

  it('counts wrong codes from one client over every address, and never right codes', async () => {
    const guesser = freshIp();
    const steps = [];
    for (let n = 0; n < 7; n += 1) steps.push(await atCodeStep(n, freshEmail()));
    for (let n = 0; n < 6; n += 1) {
      const { b, interaction, code } = steps[n]!;
      expect((await b.from(guesser).post(replica(n), `${interaction}/code`, { code: wrongCode(code) })).statusCode).toBe(400);
    }
    const { b, interaction, code } = steps[6]!;
    const refused = await b.from(guesser).post(replica(1), `${interaction}/code`, { code: wrongCode(code) });
    const wait = expectRetryAfter(refused, WINDOW);
    expect(pageMessage(refused.body, 'code-error')).toBe(RATE_LIMIT_MESSAGES.signInGuessesFromClient(minutes(wait)));
    // The same address from another client is not held back.
    expect((await b.from(freshIp()).post(replica(2), `${interaction}/code`, { code })).statusCode).toBe(303);

    // Right codes do not count: one client signs in more times than the failure limit.
    const office = freshIp();
    for (let n = 0; n < 8; n += 1) {
      const step = await atCodeStep(n, freshEmail());
      const accepted = await step.b.from(office).post(replica(n + 2), `${step.interaction}/code`, { code: step.code });
      expect(accepted.statusCode, accepted.body).toBe(303);
    }
  });

  it('reads the client from the socket, not from an X-Forwarded-For nobody trusts', async () => {
    const ip = freshIp();
    const sends: Browser[] = [];
    for (let n = 0; n < 7; n += 1) sends.push(browserFrom({ ip, headers: { 'x-forwarded-for': `203.0.113.${n}` } }));
    const answers = [];
    for (const [n, b] of sends.entries()) {
      const interaction = await startSignIn(replica(n), b, pkce().challenge);
      answers.push((await b.post(replica(n + 1), `${interaction}/email`, { email: freshEmail() })).statusCode);
    }
    expect(answers).toEqual([303, 303, 303, 303, 303, 303, 429]);
  });
});

describe('sign-in code limits behind a trusted proxy', () => {
  let set: ReplicaSet;
  beforeAll(async () => {
    set = await startReplicas({ count: 2, env: { ...LIMITS, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await set?.close();
  });

  it('counts each visitor by the address the proxy forwards', async () => {
    const proxy = freshIp();
    const send = async (visitor: string, n: number) => {
      const b = browserFrom({ ip: proxy, headers: { 'x-forwarded-for': visitor } });
      const interaction = await startSignIn(set.pick(n).app, b, pkce().challenge);
      return b.post(set.pick(n + 1).app, `${interaction}/email`, { email: freshEmail() });
    };
    for (let n = 0; n < 6; n += 1) expect((await send('203.0.113.50', n)).statusCode).toBe(303);
    const refused = await send('203.0.113.50', 6);
    expectRetryAfter(refused, WINDOW);
    expect(pageMessage(refused.body, 'alert')).toMatch(/^Too many requests for sign-in codes\./);
    // Another visitor through the same proxy has a count of their own.
    expect((await send('203.0.113.51', 7)).statusCode).toBe(303);
  });
});
