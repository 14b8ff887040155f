import { describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { browser, codeFromOutbox, exchangeCode, pkce, signIn, startSignIn, submitCode, submitEmail, verifiedJwt, authorizeUrl } from './identity-provider-flow.ts';

describe('sandbox identity provider', () => {
  const t = build();

  it('publishes its discovery document at the site origin + /idp, S256 PKCE only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration', headers: { host: 'localhost' } });
    expect(response.statusCode, response.body).toBe(200);
    const discovery = response.json();
    expect(discovery.issuer).toBe('http://localhost/idp');
    expect(discovery.jwks_uri).toBe('http://localhost/idp/jwks');
    expect(discovery.authorization_endpoint).toBe('http://localhost/idp/auth');
    expect(discovery.token_endpoint).toBe('http://localhost/idp/token');
    expect(discovery.end_session_endpoint).toBe('http://localhost/idp/session/end');
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.response_types_supported).toEqual(['code']);
  });

  it('signs in with an e-mailed code and issues a JWT access token for the API', async () => {
    const tokens = await signIn(t.app, 'Ann.Walker@Example.com');
    const { header, claims } = await verifiedJwt(t.app, tokens.access_token);
    expect(header.alg).toBe('RS256');
    expect(header.typ).toBe('at+jwt');
    expect(claims).toMatchObject({ iss: 'http://localhost/idp', aud: 'tours-api', email: 'ann.walker@example.com', email_verified: true, client_id: 'tours-web' });
    expect(typeof claims.sub).toBe('string');
    const id = await verifiedJwt(t.app, tokens.id_token);
    expect(id.claims).toMatchObject({ iss: 'http://localhost/idp', aud: 'tours-web', sub: claims.sub, nonce: 'nonce-123' });
    expect(tokens.refresh_token).toEqual(expect.any(String));
  });
});

describe('sandbox identity provider: the web app side', () => {
  const t = build();

  it('renews with the refresh token, which rotates', async () => {
    const tokens = await signIn(t.app, 'renew@example.com');
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'tours-web' }).toString(),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const body = renewed.json();
    expect(body.refresh_token).not.toBe(tokens.refresh_token);
    const { claims } = await verifiedJwt(t.app, body.access_token);
    expect(claims).toMatchObject({ aud: 'tours-api', email: 'renew@example.com' });
  });

  it('refuses plain PKCE and a request without PKCE', async () => {
    const { verifier } = pkce();
    const plain = await browser().get(t.app, authorizeUrl(verifier, { code_challenge_method: 'plain' }));
    const missing = await browser().get(t.app, authorizeUrl('', { code_challenge_method: '' }).replace(/&code_challenge=&code_challenge_method=/, ''));
    for (const response of [plain, missing]) {
      expect(response.statusCode).toBe(303);
      const back = new URL(response.headers.location as string);
      expect(back.origin + back.pathname).toBe('http://localhost/auth/callback');
      expect(back.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('refuses a code exchanged with the wrong verifier', async () => {
    const b = browser();
    const { challenge } = pkce();
    const interaction = await startSignIn(t.app, b, challenge);
    await submitEmail(t.app, b, interaction, 'verifier@example.com');
    const code = await submitCode(t.app, b, interaction, await codeFromOutbox(t.app, 'verifier@example.com'));
    const exchanged = await exchangeCode(t.app, code, pkce().verifier);
    expect(exchanged.statusCode).toBe(400);
    expect(exchanged.json().error).toBe('invalid_grant');
  });

  it('sends the visitor back only to the site: another redirect URI is refused on the provider page', async () => {
    const { challenge } = pkce();
    const response = await browser().get(t.app, authorizeUrl(challenge, { redirect_uri: 'https://evil.example/auth/callback' }));
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('Sorry, we could not sign you in');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('serves an issuer per origin: 127.0.0.1 gets its own issuer and redirect URIs', async () => {
    const host = '127.0.0.1:3000';
    const origin = `http://${host}`;
    const discovery = (await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration', headers: { host } })).json();
    expect(discovery.issuer).toBe(`${origin}/idp`);
    const config = await t.app.inject({ method: 'GET', url: '/api/config/identity', headers: { host } });
    expect(config.json()).toEqual({ issuer: `${origin}/idp`, client_id: 'tours-web', audience: 'tours-api', scope: 'openid email' });

    const b = browser(host);
    const { verifier, challenge } = pkce();
    const interaction = await startSignIn(t.app, b, challenge, origin);
    await submitEmail(t.app, b, interaction, 'loopback@example.com');
    const accepted = await b.post(t.app, `${interaction}/code`, { code: await codeFromOutbox(t.app, 'loopback@example.com') });
    const resumed = await b.get(t.app, accepted.headers.location as string);
    const back = new URL(resumed.headers.location as string);
    expect(back.origin).toBe(origin);
    const tokens = await exchangeCode(t.app, back.searchParams.get('code')!, verifier, host, `${origin}/auth/callback`);
    expect(tokens.statusCode, tokens.body).toBe(200);
    const { claims } = await verifiedJwt(t.app, tokens.json().access_token, host);
    expect(claims.iss).toBe(`${origin}/idp`);
    // A localhost redirect URI is not one of 127.0.0.1's.
    const foreign = await browser(host).get(t.app, authorizeUrl(challenge, {}, 'http://localhost'));
    expect(foreign.statusCode).toBe(400);
  });

  it('ends the provider session at logout and returns to the site', async () => {
    const b = browser();
    const tokens = await signIn(t.app, 'logout@example.com', b);
    const start = await b.get(
      t.app,
      `/idp/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: 'http://localhost/', client_id: 'tours-web' })}`,
    );
    expect(start.statusCode).toBe(200);
    expect(start.body).toContain('Logging you out');
    const nonce = /nonce-([^']+)'/.exec(start.headers['content-security-policy'] as string)?.[1];
    expect(start.body).toContain(`<script nonce="${nonce}">`);
    const action = /action="([^"]+)"/.exec(start.body)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(start.body)![1]!;
    const done = await b.post(t.app, new URL(action).pathname, { xsrf, logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost/');
    // With the session over, the refresh token is gone with it.
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'tours-web' }).toString(),
    });
    expect(renewed.statusCode).toBe(400);
    // A new sign-in asks for the e-mail again.
    const again = await b.get(t.app, authorizeUrl(pkce().challenge));
    expect(again.headers.location).toMatch(/\/idp\/interaction\//);
  });

  it('keeps the same subject for an e-mail address, whatever its case', async () => {
    const first = await verifiedJwt(t.app, (await signIn(t.app, 'same@example.com')).access_token);
    const second = await verifiedJwt(t.app, (await signIn(t.app, 'SAME@example.com')).access_token);
    expect(second.claims.sub).toBe(first.claims.sub);
  });
});
