import { VALIDATION } from '@tours/domain';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PAYMENT_SECRET_KEY } from '../src/config/payments.ts';
import { fingerprint } from './database-fingerprint.ts';
import { build } from './helper.ts';
import { authorizeUrl, CLIENT_ID, pkce } from './identity-provider-flow.ts';

/**
 * Issue 24 outside the contracts: the sandbox identity provider (oidc-provider
 * on our database) and the sandbox card provider's server API read ids from
 * the query, the form and the path. A NUL or a lone surrogate there is no id
 * anything stored, so it is refused or not found, never a 500, and nothing changes.
 */
describe('hostile ids at the sandbox providers', () => {
  const server = build();
  const secret = { authorization: `Bearer ${SANDBOX_PAYMENT_SECRET_KEY}` };

  /** Sends the request, which must be refused (4xx, or `refused` says how) and change nothing. */
  async function expectNoHarm(send: () => Promise<LightMyRequestResponse>, refused = (response: LightMyRequestResponse) => response.statusCode >= 400) {
    const before = await fingerprint(server.app.db, { countChanging: true });
    const response = await send();
    expect(refused(response), `${response.statusCode} ${response.body}`).toBe(true);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(await fingerprint(server.app.db, { countChanging: true })).toEqual(before);
    return response;
  }

  it.each(['%00', 'tours%00web', '%1B', '%C2%85'])('GET /idp/auth with client_id=%s: the provider knows no such client', async (clientId) => {
    const { challenge } = pkce();
    const url = authorizeUrl(challenge).replace(`client_id=${CLIENT_ID}`, `client_id=${clientId}`);
    await expectNoHarm(() => server.app.inject({ method: 'GET', url, headers: { host: 'localhost' } }));
  });

  it.each([
    ['nonce', '%00'],
    ['state', 'state%00'],
    ['login_hint', 'ann%00%40example.com'],
    ['login_hint', 'ann%1B%40example.com'],
  ])('GET /idp/auth with %s=%s, which the provider would keep with the sign-in: the protocol\'s invalid_request, nothing stored', async (name, value) => {
    const { challenge } = pkce();
    const url = `${authorizeUrl(challenge).replace(new RegExp(`&${name}=[^&]*`), '')}&${name}=${value}`;
    // The client and its redirect address are known, so OAuth answers the error there rather than on a page of the provider's.
    const backWithError = (response: LightMyRequestResponse) =>
      response.statusCode === 303 && new URL(String(response.headers.location)).searchParams.get('error') === 'invalid_request';
    await expectNoHarm(() => server.app.inject({ method: 'GET', url, headers: { host: 'localhost' } }), backWithError);
  });

  it.each(['%00', 'abc%00def'])('POST /idp/token with code=%s: an invalid grant or client, not a server error', async (code) => {
    await expectNoHarm(() =>
      server.app.inject({
        method: 'POST',
        url: '/idp/token',
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=authorization_code&code=${code}&code_verifier=x&redirect_uri=http%3A%2F%2Flocalhost%2Fauth%2Fcallback&client_id=${CLIENT_ID}`,
      }),
    );
  });

  it.each(['/pay/api/payments/%00', '/pay/api/payments/pay_%00', '/pay/api/payment-requests/%00', '/pay/api/payment-requests/pr_%1B'])(
    'GET %s with the secret key: 400 naming the id',
    async (url) => {
      const response = await expectNoHarm(() => server.app.inject({ method: 'GET', url, headers: secret }));
      expect(response.json().error.fields).toEqual({ id: VALIDATION.controlCharacters });
    },
  );

  it('POST /pay/api/payment-requests/%00/cancel with the secret key: 400 naming the id', async () => {
    const response = await expectNoHarm(() => server.app.inject({ method: 'POST', url: '/pay/api/payment-requests/%00/cancel', headers: secret }));
    expect(response.json().error.fields).toEqual({ id: VALIDATION.controlCharacters });
  });

  it.each([
    ['crm_key', (v: string) => ({ crm_key: `1${v}` })],
    ['account.address_line_1', (v: string) => ({ account: { first_name: 'Ann', last_name: 'Lee', email: 'a@b.c', address_line_1: `1 Yard${v}` } })],
  ])('POST /pay/api/tokens with NUL or a lone surrogate in %s: 400 naming it', async (field, part) => {
    for (const character of ['\u0000', '\ud800']) {
      const body = {
        amount: '10.00',
        currency: 'GBP',
        crm_key: '100001',
        instance_key: 'tours',
        theme: { primary_colour: '#1f3a5f', width: '100%' },
        account: { first_name: 'Ann', last_name: 'Lee', email: 'a@b.c' },
        allowed_origin: 'http://localhost:3000',
        frequency: 'ONEOFF',
        save_card: false,
        ...part(character),
      };
      const response = await expectNoHarm(() => server.app.inject({ method: 'POST', url: '/pay/api/tokens', headers: secret, payload: body }));
      expect(Object.keys(response.json().error.fields)).toContain(field);
    }
  });
});
