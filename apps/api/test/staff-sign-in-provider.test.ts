import { CONSOLE_IDENTITY_PATHS, STAFF_MESSAGES } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { bearerHeader, OIDC_TEST_ENV, signingKey, testKeySource, tokenFor, type SigningKey } from './customer-tokens.ts';
import { build, expectApiError } from './helper.ts';
import { browser, codeFromOutbox, exchangeCode, ORIGIN, pkce, startSignIn, submitEmail } from './identity-provider-flow.ts';
import { staffHeaders, staffMember } from './staff-fixtures.ts';
import { firstSignIn } from './staff-sign-in-fixtures.ts';
import { SoftwareAuthenticator } from './webauthn-authenticator.ts';

const REQUIRED_ACR = 'urn:meridian:loa:mfa';

/** With the operator's own provider (IDENTITY_PROVIDER=oidc), its multi-factor sign-in is the second factor: amr, or the configured acr. */
describe('staff sign-in with a real provider', () => {
  const published = testKeySource();
  const server = build({ env: { ...OIDC_TEST_ENV, STAFF_REQUIRED_ACR: REQUIRED_ACR }, customerTokenKeys: published.source });
  const app = () => server.app;
  let key: SigningKey;
  beforeAll(async () => {
    key = await signingKey();
    published.publish(key);
  });
  const start = (token: string) => app().inject({ method: 'POST', url: '/api/staff/session/start', headers: bearerHeader(token), payload: {} });

  it('signs a member in at once when the token names a second factor in amr, with no passkey step', async () => {
    const member = await staffMember(app(), ['finance']);
    const response = await start(await tokenFor(key, member.email, { claims: { amr: ['pwd', 'otp'] } }));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ next: 'signed-in', session: { session: { mfa_method: 'provider' }, member: { id: member.id, roles: ['finance'] } } });
    const me = await app().inject({ method: 'GET', url: '/api/staff/me', headers: staffHeaders(data.session.token) });
    expect(me.statusCode).toBe(200);
    const [entry] = await app().db.select().from(auditLog).where(and(eq(auditLog.staffMemberId, member.id), eq(auditLog.action, 'staff.signed-in')));
    expect(entry!.detail).toEqual({ method: 'provider', amr: ['pwd', 'otp'], acr: null });
  });

  it('takes the configured acr instead', async () => {
    const member = await staffMember(app(), ['operations']);
    const response = await start(await tokenFor(key, member.email, { claims: { amr: ['pwd'], acr: REQUIRED_ACR } }));
    expect(response.json().data.next).toBe('signed-in');
  });

  it('refuses a one-factor sign-in, whatever else the token says, and audits it', async () => {
    const member = await staffMember(app(), ['admin']);
    for (const claims of [{}, { amr: ['pwd'] }, { amr: 'otp' }, { amr: ['pwd'], acr: 'urn:meridian:loa:1' }]) {
      const refused = await start(await tokenFor(key, member.email, { claims }));
      expectApiError(refused, 403, 'FORBIDDEN');
      expect(refused.json().error.message, JSON.stringify(claims)).toBe(STAFF_MESSAGES.providerWithoutSecondFactor);
    }
    const failures = await app().db.select().from(auditLog).where(and(eq(auditLog.staffMemberId, member.id), eq(auditLog.action, 'staff.second-factor-failed')));
    expect(failures).toHaveLength(4);
    expect(failures[0]!.detail).toMatchObject({ method: 'provider' });
  });
});

describe('staff sign-in through the sandbox provider, over HTTP', () => {
  const server = build();
  const app = () => server.app;

  it("registers the console's redirect and post-logout URIs, and its access token starts a staff sign-in", async () => {
    const member = await staffMember(app(), ['operations']);
    const b = browser();
    const { verifier, challenge } = pkce();
    const redirectUri = `${ORIGIN}${CONSOLE_IDENTITY_PATHS.signInCallback}`;
    const interaction = await startSignIn(app(), b, challenge);
    // The customer's authorisation URL with the console's redirect: the provider must accept it.
    const consoleAuth = await b.get(app(), `/idp/auth?${new URLSearchParams({ client_id: 'tours-web', response_type: 'code', redirect_uri: redirectUri, scope: 'openid email', code_challenge: challenge, code_challenge_method: 'S256', state: 'state-123' })}`);
    expect(consoleAuth.statusCode, consoleAuth.body).toBe(303);
    const consoleInteraction = new URL(consoleAuth.headers.location as string, ORIGIN).pathname;
    expect(consoleInteraction).not.toBe(interaction);
    await submitEmail(app(), b, consoleInteraction, member.email);
    let next = (await b.post(app(), `${consoleInteraction}/code`, { code: await codeFromOutbox(app(), member.email) })).headers.location as string;
    for (let hop = 0; hop < 5 && !next.startsWith(redirectUri); hop += 1) next = (await b.get(app(), next)).headers.location as string;
    expect(next.startsWith(redirectUri), next).toBe(true);
    const code = new URL(next).searchParams.get('code')!;
    const tokens = await exchangeCode(app(), code, verifier, 'localhost', redirectUri);
    expect(tokens.statusCode, tokens.body).toBe(200);

    const signedIn = await firstSignIn(app(), tokens.json().access_token, new SoftwareAuthenticator());
    expect(signedIn.member.email).toBe(member.email);

    const logoutTo = (uri: string) => b.get(app(), `/idp/session/end?${new URLSearchParams({ id_token_hint: tokens.json().id_token, post_logout_redirect_uri: uri, client_id: 'tours-web' })}`);
    expect((await logoutTo(`${ORIGIN}${CONSOLE_IDENTITY_PATHS.postLogout}`)).statusCode).toBe(200);
    expect((await logoutTo(`${ORIGIN}/admin/elsewhere`)).statusCode).toBe(400);
  });
});
