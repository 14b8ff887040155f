import fc from 'fast-check';
import { SANDBOX_PAYMENT_SECRET_KEY } from '../../src/config/payments.ts';
import { encodeHostile, hostileParamText, setAt } from './zod-arbitrary.ts';

/**
 * For the routes outside the contracts (other-routes.test.ts): requests that
 * get as far as what the route does with its values, each carrying one value
 * hostile to the database (issue 24). Garbage alone mostly meets a 404 or a
 * 401 first: the identity provider's endpoints need their protocol's other
 * parameters, the sandbox card provider's server API its secret key (the
 * sandbox's, which is public).
 */

export interface RouteRequest {
  path: string;
  query: string;
  body: string;
  type: string;
  headers: Record<string, string>;
}

const request = (parts: Partial<RouteRequest> & { path: string }): RouteRequest => ({ query: '', body: '', type: '', headers: {}, ...parts });

/** A path, query or form value hostile to the database, as a client puts it in a URL. */
export const HOSTILE_URL_VALUE = hostileParamText.map(encodeHostile);

/** A query or form with every parameter as the protocol wants it but one, which is hostile. */
const withOneHostile = (params: Record<string, string>) =>
  fc.tuple(fc.constantFrom(...Object.keys(params)), HOSTILE_URL_VALUE).map(([hostile, value]) =>
    Object.entries(params)
      .map(([key, plain]) => `${key}=${key === hostile ? value : encodeURIComponent(plain)}`)
      .join('&'),
  );

const CALLBACK = 'http://localhost/auth/callback';
const AUTHORIZE = {
  client_id: 'tours-web',
  response_type: 'code',
  redirect_uri: CALLBACK,
  scope: 'openid email',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
  state: 'state-1',
  nonce: 'nonce-1',
};
const TOKEN = { grant_type: 'authorization_code', code: 'code-1', code_verifier: 'x'.repeat(43), redirect_uri: CALLBACK, client_id: 'tours-web' };
const REFRESH = { grant_type: 'refresh_token', refresh_token: 'refresh-1', client_id: 'tours-web' };
const END_SESSION = { id_token_hint: 'x.y.z', post_logout_redirect_uri: 'http://localhost/', client_id: 'tours-web' };

const FORM = 'application/x-www-form-urlencoded';
const SECRET = { authorization: `Bearer ${SANDBOX_PAYMENT_SECRET_KEY}` };
const JSON_TYPE = 'application/json';

/**
 * A body the sandbox provider takes for a new payment token, with one of its
 * texts made hostile. Written out rather than generated from the wire schema,
 * whose origin and amount refinements a generated string almost never meets.
 */
const TOKEN_BODY = {
  amount: '10.00',
  currency: 'GBP',
  crm_key: '100001',
  instance_key: 'tours',
  theme: { primary_colour: '#1f3a5f', width: '100%' },
  logo: '/logo.svg',
  account: { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', address_line_1: '1 Yard', country: 'GB' },
  allowed_origin: 'http://localhost:3000',
  frequency: 'ONEOFF',
  save_card: false,
};
const TOKEN_TEXTS = [['crm_key'], ['instance_key'], ['logo'], ['account', 'first_name'], ['account', 'last_name'], ['account', 'email'], ['account', 'address_line_1'], ['account', 'address_line_6']];
const hostileTokenBody = fc
  .tuple(fc.constantFrom(...TOKEN_TEXTS), hostileParamText)
  .map(([path, value]) => JSON.stringify(setAt(TOKEN_BODY, path, value)));

export const TARGETED: Record<string, fc.Arbitrary<RouteRequest>> = {
  'GET /idp/*': fc.oneof(
    withOneHostile(AUTHORIZE).map((query) => request({ path: '/idp/auth', query: `?${query}` })),
    withOneHostile(END_SESSION).map((query) => request({ path: '/idp/session/end', query: `?${query}` })),
  ),
  'POST /idp/*': fc.oneof(
    withOneHostile(TOKEN).map((body) => request({ path: '/idp/token', body, type: FORM })),
    withOneHostile(REFRESH).map((body) => request({ path: '/idp/token', body, type: FORM })),
    withOneHostile({ token: 'token-1', client_id: 'tours-web' }).map((body) => request({ path: '/idp/token/revocation', body, type: FORM })),
  ),
  'GET /idp/interaction/:uid': HOSTILE_URL_VALUE.map((uid) => request({ path: `/idp/interaction/${uid}` })),
  'POST /idp/interaction/:uid/email': fc
    .tuple(HOSTILE_URL_VALUE, HOSTILE_URL_VALUE)
    .map(([uid, email]) => request({ path: `/idp/interaction/${uid}/email`, body: `email=${email}`, type: FORM })),
  'GET /pay/api/payments/:id': HOSTILE_URL_VALUE.map((id) => request({ path: `/pay/api/payments/${id}`, headers: SECRET })),
  'GET /pay/api/payment-requests/:id': HOSTILE_URL_VALUE.map((id) => request({ path: `/pay/api/payment-requests/${id}`, headers: SECRET })),
  'POST /pay/api/payment-requests/:id/cancel': HOSTILE_URL_VALUE.map((id) => request({ path: `/pay/api/payment-requests/${id}/cancel`, headers: SECRET })),
  'POST /pay/api/tokens': hostileTokenBody.map((body) => request({ path: '/pay/api/tokens', body, type: JSON_TYPE, headers: SECRET })),
  'GET /pay/frame': HOSTILE_URL_VALUE.map((token) => request({ path: '/pay/frame', query: `?token=${token}` })),
  'POST /pay/api/frame/payments': fc
    .record({ token: hostileParamText, number: fc.constantFrom('4242424242424242', '4000000000000002'), expiry: fc.constantFrom('12/30'), cvc: fc.constantFrom('123'), name: hostileParamText })
    .map((card) => request({ path: '/pay/api/frame/payments', body: JSON.stringify(card), type: JSON_TYPE })),
  'GET /api/sandbox/geolocation': fc
    .tuple(HOSTILE_URL_VALUE, HOSTILE_URL_VALUE)
    .map(([token, ip]) => request({ path: '/api/sandbox/geolocation', query: `?token=${token}&ip=${ip}` })),
};
