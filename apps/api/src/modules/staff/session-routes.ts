import {
  addOwnPasskey,
  assertStaffPasskey,
  provesMultiFactor,
  registerStaffPasskey,
  STAFF_MESSAGES,
  startOwnPasskey,
  startStaffSession,
  useStaffRecoveryCode,
} from '@tours/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, HttpError } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { isFixed, siteOriginOf } from '../../lib/site-origin.ts';
import { identityOf } from '../../plugins/customer-auth.ts';
import { staffSessionOf } from '../../plugins/staff-auth.ts';
import { checkRateLimits, enforceRateLimits, setRetryAfter, takeAttempt } from '../rate-limits/index.ts';
import { saveChallenge } from './challenges.ts';
import { activeStaffMemberByEmail, type StaffMemberRecord } from './members.ts';
import { authenticationOptions, registrationOptions, relyingParty } from './passkeys.ts';
import { presentStaffSession } from './present.ts';
import { recoveryCodeHash, recoveryCodeUnused } from './recovery-codes.ts';
import { addPasskey, recordSecondFactorFailure, registerFirstPasskey, signIn, signInWithPasskey, signInWithRecoveryCode, type StepFailure } from './sign-in.ts';
import { secondFactorChecks, staffSignInLimits, startChecks } from './sign-in-limits.ts';

const FAILURE_MESSAGES: Record<StepFailure, string> = {
  expired: STAFF_MESSAGES.challengeExpired,
  failed: STAFF_MESSAGES.passkeyFailed,
  'already-registered': STAFF_MESSAGES.challengeExpired,
};

/**
 * Signing in to the staff console (docs/decisions/0018-staff-console.md).
 * The steps before a session ('customer' calls: the identity provider's
 * access token, verified exactly as the customer guard verifies it) look
 * the token's verified e-mail up among the active staff members on every
 * step, and never take a role or an identity from the request.
 */
export async function staffSignInRoutes(app: FastifyInstance) {
  const limits = staffSignInLimits(app.config.rateLimits.staffSignIn);
  const context = (request: FastifyRequest) => ({ now: app.clock.databaseNow(), requestId: request.id });
  const rpOf = (request: FastifyRequest) => relyingParty(siteOriginOf(request), isFixed(app.config) ? app.config.allowedOrigins : []);

  /** The active staff member the provider's token names; anyone else gets the one 403. */
  async function memberOf(request: FastifyRequest): Promise<StaffMemberRecord> {
    const member = await activeStaffMemberByEmail(app.db, identityOf(request).email);
    if (!member) throw forbidden(STAFF_MESSAGES.notStaff);
    return member;
  }

  /** Refused (429) when the member or the client has failed too often; counts nothing. */
  async function refuseWhenLimited(request: FastifyRequest, reply: FastifyReply, member: StaffMemberRecord): Promise<void> {
    const refusal = await checkRateLimits(app.db, app.clock.now(), secondFactorChecks(limits, request.ip, member.id, false));
    if (!refusal) return;
    setRetryAfter(reply, refusal.outcome);
    throw new HttpError(429, 'RATE_LIMITED', refusal.message);
  }

  /** A failed second factor: logged, counted against the member and the client, and answered with the one 403 of its kind. */
  async function failed(request: FastifyRequest, member: StaffMemberRecord, method: string, failure: StepFailure, message = FAILURE_MESSAGES[failure]): Promise<never> {
    await recordSecondFactorFailure(app.db, member, method, context(request), failure);
    for (const check of secondFactorChecks(limits, request.ip, member.id, true)) await takeAttempt(app.db, check.rule, check.key, app.clock.now());
    throw forbidden(message);
  }

  registerEndpoint(app, startStaffSession, async (request, reply) => {
    const identity = identityOf(request);
    await enforceRateLimits({ db: app.db, reply, now: app.clock.now() }, startChecks(limits, request.ip, identity.email));
    const member = await memberOf(request);

    if (app.config.identity.provider === 'oidc') {
      // The operator's provider did the second factor, and its token says so; there is no passkey step.
      if (!provesMultiFactor(identity, app.config.identity.staffRequiredAcr)) {
        await recordSecondFactorFailure(app.db, member, 'provider', context(request), `amr [${identity.amr.join(' ')}], acr ${identity.acr ?? 'none'}`);
        throw forbidden(STAFF_MESSAGES.providerWithoutSecondFactor);
      }
      const session = await signIn(app.db, member, 'provider', context(request), { amr: identity.amr, acr: identity.acr });
      return { data: { next: 'signed-in' as const, session: presentStaffSession(session) } };
    }

    const rp = rpOf(request);
    if (member.passkeys === 0) {
      const options = await registrationOptions(app.db, member, rp);
      const challengeId = await saveChallenge(app.db, member.id, 'sign-in-registration', options.challenge, context(request).now);
      return { data: { next: 'register-passkey' as const, challenge_id: challengeId, options: { ...options } } };
    }
    const options = await authenticationOptions(app.db, member, rp);
    const challengeId = await saveChallenge(app.db, member.id, 'authentication', options.challenge, context(request).now);
    return { data: { next: 'assert-passkey' as const, challenge_id: challengeId, options: { ...options } } };
  });

  registerEndpoint(app, registerStaffPasskey, async (request, reply) => {
    const member = await memberOf(request);
    await refuseWhenLimited(request, reply, member);
    const { challenge_id: challengeId, credential, name } = request.body;
    const outcome = await registerFirstPasskey(app.db, member, { challengeId, credential, name: name ?? '', rp: rpOf(request) }, context(request));
    if (!outcome.ok) return failed(request, member, 'passkey-registration', outcome.failure, outcome.failure === 'failed' ? STAFF_MESSAGES.passkeyRegistrationFailed : undefined);
    return { data: { ...presentStaffSession(outcome.value.session), recovery_codes: outcome.value.recoveryCodes } };
  });

  registerEndpoint(app, assertStaffPasskey, async (request, reply) => {
    const member = await memberOf(request);
    await refuseWhenLimited(request, reply, member);
    const { challenge_id: challengeId, credential } = request.body;
    const outcome = await signInWithPasskey(app.db, member, { challengeId, credential, rp: rpOf(request) }, context(request));
    if (!outcome.ok) return failed(request, member, 'passkey', outcome.failure);
    return { data: presentStaffSession(outcome.value) };
  });

  registerEndpoint(app, useStaffRecoveryCode, async (request, reply) => {
    const member = await memberOf(request);
    const hash = recoveryCodeHash(request.body.code);
    // A right code is checked against the limits but never counted; a wrong one is counted before it is answered.
    const right = hash !== null && (await recoveryCodeUnused(app.db, member.id, hash));
    const refusal = await checkRateLimits(app.db, app.clock.now(), secondFactorChecks(limits, request.ip, member.id, !right));
    if (refusal) {
      setRetryAfter(reply, refusal.outcome);
      throw new HttpError(429, 'RATE_LIMITED', refusal.message);
    }
    const outcome = right ? await signInWithRecoveryCode(app.db, member, hash, context(request)) : null;
    if (!outcome?.ok) {
      await recordSecondFactorFailure(app.db, member, 'recovery-code', context(request), 'wrong or used code');
      // A code used by a request racing this one was right a moment ago: counted now, as any wrong code.
      if (right) for (const check of secondFactorChecks(limits, request.ip, member.id, true)) await takeAttempt(app.db, check.rule, check.key, app.clock.now());
      throw forbidden(STAFF_MESSAGES.recoveryCodeWrong);
    }
    return { data: { ...presentStaffSession(outcome.value), passkey_suggested: true } };
  });

  registerEndpoint(app, startOwnPasskey, async (request) => {
    const { member } = staffSessionOf(request);
    const options = await registrationOptions(app.db, member, rpOf(request));
    const challengeId = await saveChallenge(app.db, member.id, 'registration', options.challenge, context(request).now);
    return { data: { challenge_id: challengeId, options: { ...options } } };
  });

  registerEndpoint(
    app,
    addOwnPasskey,
    async (request) => {
      const { member } = staffSessionOf(request);
      const { challenge_id: challengeId, credential, name } = request.body;
      const outcome = await addPasskey(app.db, member, { challengeId, credential, name: name ?? '', rp: rpOf(request) }, context(request));
      if (!outcome.ok) {
        await recordSecondFactorFailure(app.db, member, 'passkey-registration', context(request), outcome.failure);
        throw forbidden(outcome.failure === 'failed' ? STAFF_MESSAGES.passkeyRegistrationFailed : STAFF_MESSAGES.challengeExpired);
      }
      return { data: { passkeys: outcome.value } };
    },
    { status: 201 },
  );
}
