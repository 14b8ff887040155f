import { RECOVERY_CODE_PATTERN, STAFF_MESSAGES, staffMemberEtag } from '@tours/domain';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { staffPasskeys, staffRecoveryCodes } from '../src/modules/staff/schema.ts';
import { createBooking } from './booking-fixtures.ts';
import { bearerHeader, signingKey, testKeySource, tokenFor, type SigningKey } from './customer-tokens.ts';
import { build, expectApiError, testClock } from './helper.ts';
import { staffHeaders, staffMember, staffSession } from './staff-fixtures.ts';
import { firstSignIn, passkeySignIn, post, providerTokenFor, SANDBOX_ISSUER, SITE, start } from './staff-sign-in-fixtures.ts';
import { SoftwareAuthenticator } from './webauthn-authenticator.ts';

/**
 * Issue 26: staff sign in with the identity provider's token, then a passkey
 * (WebAuthn, verified by @simplewebauthn/server against answers a software
 * authenticator builds in the test), or a one-time recovery code.
 */
describe('staff sign-in with the sandbox provider: passkeys and recovery codes', () => {
  const clock = testClock();
  const published = testKeySource();
  const server = build({
    clock,
    customerTokenKeys: published.source,
    env: { STAFF_SECOND_FACTOR_FAILURE_LIMIT: '4', STAFF_SIGN_IN_ADDRESS_LIMIT: '6', HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' },
  });
  const app = () => server.app;
  let key: SigningKey;
  const me = (token: string) => app().inject({ method: 'GET', url: '/api/staff/me', headers: staffHeaders(token) });
  const actions = async (memberId: number) =>
    (await app().db.select({ action: auditLog.action, detail: auditLog.detail }).from(auditLog).where(and(eq(auditLog.staffMemberId, memberId))).orderBy(auditLog.id)).map(
      (row) => row.action,
    );

  beforeAll(async () => {
    key = await signingKey();
    published.publish(key);
  });

  it('refuses an address that is no active staff member with one 403, and anything but a provider token with the 401', async () => {
    const stranger = await start(app(), await providerTokenFor(key, 'demo@example.com'));
    expectApiError(stranger, 403, 'FORBIDDEN');
    expect(stranger.json().error.message).toBe(STAFF_MESSAGES.notStaff);
    const leaver = await staffMember(app(), ['operations']);
    const admin = await staffSession(app(), ['admin']);
    await app().inject({ method: 'PATCH', url: `/api/staff/members/${leaver.id}`, headers: { ...admin.headers, 'if-match': staffMemberEtag(leaver) }, payload: { active: false, reason: 'Left the company' } });
    const deactivated = await start(app(), await providerTokenFor(key, leaver.email));
    expect(deactivated.statusCode).toBe(403);
    expect(deactivated.body).toBe(stranger.body);

    expectApiError(await post(app(), '/api/staff/session/start', {}), 401, 'UNAUTHORIZED');
    const booking = await createBooking(app(), { code: 'MHW-VIE', startsInDays: 90 });
    expectApiError(await post(app(), '/api/staff/session/start', booking.headers), 401, 'UNAUTHORIZED');
    // A staff session is not a provider token either.
    expectApiError(await post(app(), '/api/staff/session/start', admin.headers), 401, 'UNAUTHORIZED');
    const unverified = await tokenFor(key, admin.member.email, { issuer: SANDBOX_ISSUER, emailVerified: false });
    expectApiError(await start(app(), unverified), 401, 'UNAUTHORIZED');
  });

  it('registers a passkey at the first sign-in, answers 10 recovery codes once, keeps only their hashes, and audits it', async () => {
    const member = await staffMember(app(), ['operations']);
    const token = await providerTokenFor(key, member.email);
    const authenticator = new SoftwareAuthenticator();

    const started = await start(app(), token);
    expect(started.headers['cache-control']).toBe('no-store');
    const step = started.json().data;
    expect(step).toMatchObject({ next: 'register-passkey', options: { rp: { id: 'localhost' }, user: { name: member.email, displayName: member.name }, excludeCredentials: [] } });
    expect(step.options.authenticatorSelection.userVerification).toBe('required');

    const signedIn = await firstSignIn(app(), await providerTokenFor(key, member.email), authenticator);
    expect(signedIn.recovery_codes).toHaveLength(10);
    for (const code of signedIn.recovery_codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(new Set(signedIn.recovery_codes).size).toBe(10);
    expect(signedIn.session.mfa_method).toBe('passkey');
    expect((await me(signedIn.token)).statusCode).toBe(200);

    const stored = await app().db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffMemberId, member.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(signedIn.recovery_codes.join()).not.toContain(row.codeHash);
    expect(JSON.stringify(stored)).not.toContain(signedIn.recovery_codes[0]);
    const [passkey] = await app().db.select().from(staffPasskeys).where(eq(staffPasskeys.staffMemberId, member.id));
    expect(passkey).toMatchObject({ name: 'Test laptop', transports: ['internal'], counter: 0 });
    expect(await actions(member.id)).toEqual(['staff.passkey-registered', 'staff.signed-in']);
  });

  it('asks for the passkey at later sign-ins, accepts it, and refuses a used challenge, another origin or a missing user verification', async () => {
    const member = await staffMember(app(), ['finance']);
    const token = await providerTokenFor(key, member.email);
    const authenticator = new SoftwareAuthenticator();
    await firstSignIn(app(), token, authenticator);

    const started = await start(app(), token);
    const step = started.json().data;
    expect(step.next).toBe('assert-passkey');
    expect(step.options.allowCredentials).toEqual([{ id: authenticator.credentials[0]!.id.toString('base64url'), type: 'public-key', transports: ['internal'] }]);
    const answer = authenticator.get(step.options, SITE);
    const signedIn = await post(app(), '/api/staff/session/passkey/assert', bearerHeader(token), { challenge_id: step.challenge_id, credential: answer });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await me(signedIn.json().data.token)).statusCode).toBe(200);
    const [passkey] = await app().db.select().from(staffPasskeys).where(eq(staffPasskeys.staffMemberId, member.id));
    expect(passkey!.counter).toBe(1);
    expect(passkey!.lastUsedAt).not.toBeNull();

    // The same answer again: its challenge is used up.
    const replay = await post(app(), '/api/staff/session/passkey/assert', bearerHeader(token), { challenge_id: step.challenge_id, credential: answer });
    expectApiError(replay, 403, 'FORBIDDEN');
    expect(replay.json().error.message).toBe(STAFF_MESSAGES.challengeExpired);

    const phishing = await start(app(), token);
    const fromElsewhere = authenticator.get(phishing.json().data.options, 'http://evil.example');
    const refused = await post(app(), '/api/staff/session/passkey/assert', bearerHeader(token), { challenge_id: phishing.json().data.challenge_id, credential: fromElsewhere });
    expectApiError(refused, 403, 'FORBIDDEN');
    expect(refused.json().error.message).toBe(STAFF_MESSAGES.passkeyFailed);

    const careless = new SoftwareAuthenticator({ withoutUserVerification: true });
    const other = await staffMember(app(), ['finance']);
    const otherToken = await providerTokenFor(key, other.email);
    const registration = (await start(app(), otherToken)).json().data;
    const unverified = await post(app(), '/api/staff/session/passkey', bearerHeader(otherToken), { challenge_id: registration.challenge_id, credential: careless.create(registration.options, SITE) });
    expect(unverified.json().error.message).toBe(STAFF_MESSAGES.passkeyRegistrationFailed);
    expect(await actions(member.id)).toContain('staff.second-factor-failed');
  });

  it("refuses one member's passkey for another, and a challenge past its five minutes", async () => {
    const alice = await staffMember(app(), ['operations']);
    const bob = await staffMember(app(), ['operations']);
    const aliceKey = new SoftwareAuthenticator();
    const bobKey = new SoftwareAuthenticator();
    await firstSignIn(app(), await providerTokenFor(key, alice.email), aliceKey);
    await firstSignIn(app(), await providerTokenFor(key, bob.email), bobKey);

    const bobToken = await providerTokenFor(key, bob.email);
    const step = (await start(app(), bobToken)).json().data;
    const alicesAnswer = aliceKey.get({ ...step.options, allowCredentials: [] }, SITE);
    expectApiError(await post(app(), '/api/staff/session/passkey/assert', bearerHeader(bobToken), { challenge_id: step.challenge_id, credential: alicesAnswer }), 403, 'FORBIDDEN');

    // Alice's token cannot answer Bob's challenge with Bob's passkey either: the challenge is Bob's.
    const bobStep = (await start(app(), bobToken)).json().data;
    const aliceToken = await providerTokenFor(key, alice.email);
    const crossed = await post(app(), '/api/staff/session/passkey/assert', bearerHeader(aliceToken), { challenge_id: bobStep.challenge_id, credential: bobKey.get(bobStep.options, SITE) });
    expect(crossed.json().error.message).toBe(STAFF_MESSAGES.challengeExpired);

    const late = (await start(app(), bobToken)).json().data;
    clock.advance(5 * 60 + 1);
    const lapsed = await post(app(), '/api/staff/session/passkey/assert', bearerHeader(bobToken), { challenge_id: late.challenge_id, credential: bobKey.get(late.options, SITE) });
    expect(lapsed.json().error.message).toBe(STAFF_MESSAGES.challengeExpired);
  });

  it('never registers a second passkey on the strength of the provider sign-in alone', async () => {
    const member = await staffMember(app(), ['operations']);
    const token = await providerTokenFor(key, member.email);
    const first = (await start(app(), token)).json().data;
    const second = (await start(app(), token)).json().data;
    expect(second.next).toBe('register-passkey');
    const mine = new SoftwareAuthenticator();
    const intruder = new SoftwareAuthenticator();
    expect((await post(app(), '/api/staff/session/passkey', bearerHeader(token), { challenge_id: first.challenge_id, credential: mine.create(first.options, SITE) })).statusCode).toBe(200);
    const late = await post(app(), '/api/staff/session/passkey', bearerHeader(token), { challenge_id: second.challenge_id, credential: intruder.create(second.options, SITE) });
    expectApiError(late, 403, 'FORBIDDEN');
    expect(await app().db.select().from(staffPasskeys).where(eq(staffPasskeys.staffMemberId, member.id))).toHaveLength(1);
  });

  it('signs in with a recovery code once, then offers a new passkey; wrong codes are counted and limited', async () => {
    const member = await staffMember(app(), ['operations']);
    const token = await providerTokenFor(key, member.email);
    const { recovery_codes: codes } = await firstSignIn(app(), token, new SoftwareAuthenticator());
    const recover = (code: string, ip = '10.9.0.1') => post(app(), '/api/staff/session/recovery', bearerHeader(token), { code }, ip);

    // As typed: lower case with spaces for dashes.
    const used = await recover(codes[0]!.toLowerCase().replaceAll('-', ' '));
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data).toMatchObject({ passkey_suggested: true, session: { mfa_method: 'recovery-code' } });
    const session = used.json().data.token as string;
    const again = await recover(codes[0]!);
    expectApiError(again, 403, 'FORBIDDEN');
    expect(again.json().error.message).toBe(STAFF_MESSAGES.recoveryCodeWrong);
    const [entry] = await app().db.select().from(auditLog).where(and(eq(auditLog.staffMemberId, member.id), eq(auditLog.action, 'staff.recovery-code-used')));
    expect(entry!.detail).toEqual({ codes_left: 9 });

    // The console offers a new passkey; the signed-in member registers it.
    const replacement = new SoftwareAuthenticator();
    const options = await post(app(), '/api/staff/me/passkeys/options', staffHeaders(session));
    expect(options.statusCode, options.body).toBe(200);
    const { challenge_id: challengeId, options: creation } = options.json().data;
    expect(creation.excludeCredentials).toHaveLength(1);
    const added = await post(app(), '/api/staff/me/passkeys', staffHeaders(session), { challenge_id: challengeId, credential: replacement.create(creation, SITE), name: 'New phone' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toEqual({ passkeys: 2 });
    expect((await passkeySignIn(app(), token, replacement)).statusCode).toBe(200);

    // Wrong codes: the used one again (1), then 3 more reach the limit of 4; then even a right code is refused.
    for (const wrong of ['AAAA-BBBB-CCCC-DDDD', 'not a code', codes[0]!]) expectApiError(await recover(wrong), 403, 'FORBIDDEN');
    const limited = await recover(codes[1]!);
    expectApiError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(15 * 60 + 1);
    expect((await recover(codes[1]!)).statusCode).toBe(200);
  });

  it('limits sign-ins started for one address', async () => {
    const member = await staffMember(app(), ['finance']);
    const token = await providerTokenFor(key, member.email);
    for (let attempt = 1; attempt <= 6; attempt += 1) expect((await start(app(), token, `10.8.0.${attempt}`)).statusCode).toBe(200);
    expectApiError(await start(app(), token, '10.8.0.99'), 429, 'RATE_LIMITED');
  });

  it('makes a member register again, with new recovery codes, after an administrator reset their passkeys', async () => {
    const member = await staffMember(app(), ['catalogue']);
    const token = await providerTokenFor(key, member.email);
    const old = await firstSignIn(app(), token, new SoftwareAuthenticator());
    const admin = await staffSession(app(), ['admin']);
    const current = (await app().inject({ method: 'GET', url: `/api/staff/members/${member.id}`, headers: admin.headers })).json().data;
    expect(current).toMatchObject({ passkeys: 1, recovery_codes_left: 10 });
    const reset = await app().inject({
      method: 'POST',
      url: `/api/staff/members/${member.id}/passkeys/reset`,
      headers: { ...admin.headers, 'if-match': staffMemberEtag(current) },
      payload: { reason: 'Lost their laptop' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(old.token)).statusCode).toBe(401);
    expectApiError(await post(app(), '/api/staff/session/recovery', bearerHeader(token), { code: old.recovery_codes[1] }), 403, 'FORBIDDEN');
    const again = await firstSignIn(app(), token, new SoftwareAuthenticator());
    expect(again.recovery_codes).toHaveLength(10);
    expect(again.recovery_codes.some((code) => old.recovery_codes.includes(code))).toBe(false);
  });

  it('audits every sign-in step of a member in order', async () => {
    const member = await staffMember(app(), ['operations']);
    const token = await providerTokenFor(key, member.email);
    const authenticator = new SoftwareAuthenticator();
    const first = await firstSignIn(app(), token, authenticator);
    await post(app(), '/api/staff/session/end', staffHeaders(first.token));
    await passkeySignIn(app(), token, authenticator);
    await post(app(), '/api/staff/session/recovery', bearerHeader(token), { code: first.recovery_codes[0] });
    expect(await actions(member.id)).toEqual([
      'staff.passkey-registered',
      'staff.signed-in',
      'staff.signed-out',
      'staff.signed-in',
      'staff.recovery-code-used',
      'staff.signed-in',
    ]);
    const signIns = await app().db.select({ detail: auditLog.detail }).from(auditLog).where(and(eq(auditLog.staffMemberId, member.id), eq(auditLog.action, 'staff.signed-in'))).orderBy(desc(auditLog.id));
    expect(signIns.map((row) => row.detail.method)).toEqual(['recovery-code', 'passkey', 'passkey']);
  });
});
