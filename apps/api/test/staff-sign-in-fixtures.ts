import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearerHeader, type SigningKey, tokenFor } from './customer-tokens.ts';
import type { SoftwareAuthenticator } from './webauthn-authenticator.ts';

/** The staff sign-in's steps over HTTP, as the console takes them, at http://localhost (the sandbox's issuer there). */

export const SITE = 'http://localhost';
export const SANDBOX_ISSUER = `${SITE}/idp`;

export function post(app: FastifyInstance, url: string, headers: Record<string, string>, payload: unknown = {}, ip?: string) {
  return app.inject({ method: 'POST', url, headers: { host: 'localhost', ...headers }, payload: payload as object, ...(ip ? { remoteAddress: ip } : {}) });
}

export async function providerTokenFor(key: SigningKey, email: string, claims: Record<string, unknown> = {}) {
  return tokenFor(key, email, { issuer: SANDBOX_ISSUER, expiresIn: 7200, claims });
}

export const start = (app: FastifyInstance, token: string, ip?: string) => post(app, '/api/staff/session/start', bearerHeader(token), {}, ip);

/** A first sign-in, to its end: the passkey is registered and the recovery codes answered. */
export async function firstSignIn(app: FastifyInstance, token: string, authenticator: SoftwareAuthenticator, origin = SITE) {
  const started = await start(app, token);
  expect(started.statusCode, started.body).toBe(200);
  const step = started.json().data;
  expect(step.next).toBe('register-passkey');
  const credential = authenticator.create(step.options, origin);
  const registered = await post(app, '/api/staff/session/passkey', bearerHeader(token), { challenge_id: step.challenge_id, credential, name: 'Test laptop' });
  expect(registered.statusCode, registered.body).toBe(200);
  return registered.json().data as { token: string; recovery_codes: string[]; member: { id: number; email: string }; session: { mfa_method: string } };
}

/** A later sign-in with the passkey. */
export async function passkeySignIn(app: FastifyInstance, token: string, authenticator: SoftwareAuthenticator, origin = SITE) {
  const started = await start(app, token);
  expect(started.statusCode, started.body).toBe(200);
  const step = started.json().data;
  expect(step.next).toBe('assert-passkey');
  return post(app, '/api/staff/session/passkey/assert', bearerHeader(token), { challenge_id: step.challenge_id, credential: authenticator.get(step.options, origin) });
}
