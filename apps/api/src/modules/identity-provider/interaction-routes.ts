import { randomBytes } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from 'oidc-provider';
import { z } from 'zod';
import { checkRateLimits, setRetryAfter } from '../rate-limits/index.ts';
import { siteOriginOf } from '../../lib/site-origin.ts';
import { accountForEmail, normaliseEmail } from './accounts.ts';
import type { ProviderKeys } from './keys.ts';
import { codeStep, emailStep, pagePolicy, problemPage, SIGN_IN_MESSAGES } from './pages.ts';
import type { ProviderRegistry } from './provider.ts';
import { checkSignInCode, codeMatches, codesSent, latestSignInCode, MAX_CODES_PER_SIGN_IN, sendSignInCode } from './sign-in-codes.ts';
import { guessChecks, sendChecks, signInLimits } from './sign-in-limits.ts';

type Params = { uid: string };
type Form = Record<string, string | string[] | undefined>;

const EXPIRED =
  'This sign-in has expired or was started in another browser. Please return to the site and sign in again.';
const TOO_MANY_CODES = 'We have sent as many codes as we can for this sign-in. Please return to the site and sign in again.';

const emailSchema = z.email();
const formValue = (form: Form | undefined, name: string) => {
  const value = form?.[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

/**
 * The sign-in pages oidc-provider sends the visitor to (its "interactions"):
 * type an e-mail address, receive a code, type the code. The web app is
 * first party, so there is no consent step.
 */
export function interactionRoutes(registry: ProviderRegistry, keys: ProviderKeys) {
  return async (app: FastifyInstance) => {
    const limits = signInLimits(app.config.rateLimits.signInCodes);
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, parseQuery(body as string)),
    );

    const html = (reply: FastifyReply, nonce: string, status: number, page: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', pagePolicy(nonce))
        .send(page);

    /** The interaction this browser is in, or a page saying it is over; null when that page has been sent. */
    async function interactionOf(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply, nonce: string) {
      const origin = siteOriginOf(request);
      const provider = registry.forOrigin(origin);
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (details.uid !== request.params.uid) throw new errors.SessionNotFound('interaction mismatch');
        return { provider, details, origin };
      } catch (error) {
        if (!(error instanceof errors.SessionNotFound)) throw error;
        await html(reply, nonce, 400, problemPage(nonce, 'Sign-in expired', EXPIRED, `${origin}/`));
        return null;
      }
    }

    app.get<{ Params: Params; Querystring: { change?: string; sent?: string } }>('/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const found = await interactionOf(request, reply, nonce);
      if (!found) return reply;
      const { uid } = request.params;
      const latest = await latestSignInCode(app.db, uid);
      const loginHint = typeof found.details.params.login_hint === 'string' ? found.details.params.login_hint : '';
      if (!latest || request.query.change !== undefined) return html(reply, nonce, 200, emailStep(uid, nonce, { value: latest?.email ?? loginHint }));
      const status =
        request.query.sent === 'new' ? SIGN_IN_MESSAGES.codeResent(latest.email) : request.query.sent !== undefined ? SIGN_IN_MESSAGES.codeSent(latest.email) : undefined;
      return html(reply, nonce, 200, codeStep(uid, nonce, { email: latest.email, status }));
    });

    app.post<{ Params: Params; Body: Form }>('/interaction/:uid/email', { schema: { hide: true } }, async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const found = await interactionOf(request, reply, nonce);
      if (!found) return reply;
      const { uid } = request.params;
      const typed = formValue(request.body, 'email');
      const error = typed === '' ? SIGN_IN_MESSAGES.emailRequired : emailSchema.safeParse(typed).success ? undefined : SIGN_IN_MESSAGES.emailInvalid;
      if (error) return html(reply, nonce, 400, emailStep(uid, nonce, { value: typed, error }));
      if ((await codesSent(app.db, uid)) >= MAX_CODES_PER_SIGN_IN) {
        return html(reply, nonce, 429, problemPage(nonce, 'Too many codes', TOO_MANY_CODES, `${found.origin}/`));
      }
      const email = normaliseEmail(typed);
      const resend = formValue(request.body, 'resend') !== '';
      const now = app.clock.now();
      // Counted across every replica (sign-in-limits.ts); the refusal says how long to wait, on the page the visitor was on.
      const refusal = await checkRateLimits(app.db, now, sendChecks(limits, request.ip, email));
      if (refusal) {
        setRetryAfter(reply, refusal.outcome);
        const latest = resend ? await latestSignInCode(app.db, uid) : null;
        if (latest) return html(reply, nonce, 429, codeStep(uid, nonce, { email: latest.email, alert: refusal.message }));
        return html(reply, nonce, 429, emailStep(uid, nonce, { value: typed, alert: refusal.message }));
      }
      await sendSignInCode(app.db, { uid, email, secret: keys.codeSecret, now });
      // Post, then redirect, then get: reloading the page never sends another code.
      return reply.redirect(`/idp/interaction/${encodeURIComponent(uid)}?sent=${resend ? 'new' : '1'}`, 303);
    });

    app.post<{ Params: Params; Body: Form }>('/interaction/:uid/code', { schema: { hide: true } }, async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const found = await interactionOf(request, reply, nonce);
      if (!found) return reply;
      const { uid } = request.params;
      const latest = await latestSignInCode(app.db, uid);
      if (!latest) return reply.redirect(`/idp/interaction/${encodeURIComponent(uid)}`, 303);
      const typed = formValue(request.body, 'code').replace(/\s+/g, '');
      const retry = (error: string, status = 400) => html(reply, nonce, status, codeStep(uid, nonce, { email: latest.email, value: typed, error }));
      if (typed === '') return retry(SIGN_IN_MESSAGES.codeRequired);
      if (!/^\d{6}$/.test(typed)) return retry(SIGN_IN_MESSAGES.codeFormat);

      const now = app.clock.now();
      // A wrong code is counted before it is answered; past the limit even the right one is refused, so a refusal tells nothing.
      const refusal = await checkRateLimits(app.db, now, guessChecks(limits, request.ip, latest.email, codeMatches(latest, typed, keys.codeSecret)));
      if (refusal) {
        setRetryAfter(reply, refusal.outcome);
        return retry(refusal.message, 429);
      }
      const check = await checkSignInCode(app.db, { uid, code: typed, secret: keys.codeSecret, now });
      switch (check.outcome) {
        case 'accepted': {
          const account = await accountForEmail(app.db, check.email);
          const returnTo = await found.provider.interactionResult(request.raw, reply.raw, { login: { accountId: account.sub, amr: ['otp'] } }, { mergeWithLastSubmission: false });
          return reply.redirect(returnTo, 303);
        }
        case 'wrong':
          return retry(SIGN_IN_MESSAGES.codeWrong(check.triesLeft));
        case 'voided':
          return retry(SIGN_IN_MESSAGES.codeVoided);
        case 'expired':
          return retry(SIGN_IN_MESSAGES.codeExpired);
        case 'used':
        case 'none':
          return retry(SIGN_IN_MESSAGES.codeUsed);
      }
    });

    app.post<{ Params: Params }>('/interaction/:uid/cancel', { schema: { hide: true } }, async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const found = await interactionOf(request, reply, nonce);
      if (!found) return reply;
      // The web app gets the standard error back at its redirect URI and says so.
      const returnTo = await found.provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The sign-in was cancelled' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });
  };
}
