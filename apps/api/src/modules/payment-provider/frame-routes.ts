import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codePath } from '../../files.ts';
import { framePaymentBodySchema, framePaymentResponseSchema } from '../../adapters/payments/wire.ts';
import { cardFramePolicy } from '../../lib/content-security-policy.ts';
import { unauthorized, validationFailed } from '../../lib/http-error.ts';
import { checkCard } from './cards.ts';
import { renderFramePage, type FrameView } from './frame-page.ts';
import { findToken, payToken, succeededPaymentOf, type PayToken } from './repository.ts';

const SDK_JS = readFileSync(codePath('modules/payment-provider/browser/sdk.js'), 'utf8');
const FRAME_JS = readFileSync(codePath('modules/payment-provider/browser/frame.js'), 'utf8');
const JAVASCRIPT = 'text/javascript; charset=utf-8';

/** A relative logo ('/logo.svg') is the merchant's own, so it resolves against the merchant's origin. */
function logoUrl(token: PayToken): string {
  if (!token.logo) return '';
  try {
    return new URL(token.logo, token.allowedOrigin).toString();
  } catch {
    return '';
  }
}

/**
 * The global headers plugin sends referrers cut to the origin; the frame's URL
 * carries the token, which must not leak to the logo's host, so it sends none.
 * Who may frame it is its CSP's frame-ancestors (lib/content-security-policy.ts):
 * only the merchant page the token was made for; an unknown token's page holds
 * nothing and offers nothing, so anyone may frame it and the payer at least
 * sees why the form is missing.
 */
const frameHeaders: onSendAsyncHookHandler = async (_request, reply) => {
  reply.header('referrer-policy', 'no-referrer');
};

export async function frameRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/sdk.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(JAVASCRIPT)
      .header('cache-control', 'public, max-age=300')
      // Any merchant page loads it, including pages that isolate themselves (COEP).
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('access-control-allow-origin', '*')
      .send(SDK_JS),
  );

  api.get('/frame.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(JAVASCRIPT).header('cache-control', 'no-cache').send(FRAME_JS),
  );

  api.get(
    '/frame',
    { schema: { hide: true, querystring: z.object({ token: z.string().max(200).optional() }) }, onSend: frameHeaders },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const token = request.query.token ? await findToken(app.db, request.query.token) : undefined;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!token) {
        reply.header('content-security-policy', cardFramePolicy(nonce, '*', null));
        return reply.code(404).send(renderFramePage({ state: 'invalid' }, nonce));
      }

      const logo = logoUrl(token);
      reply.header('content-security-policy', cardFramePolicy(nonce, token.allowedOrigin, logo ? new URL(logo).origin : null));
      const paid = await succeededPaymentOf(app.db, token.id);
      const expiresInMs = token.expiresAt.getTime() - app.clock.now().getTime();
      let view: FrameView;
      if (paid) {
        view = { state: 'completed', primaryColour: token.primaryColour, allowedOrigin: token.allowedOrigin };
      } else if (expiresInMs <= 0 || token.cancelledAt) {
        reply.code(410);
        view = { state: 'expired', primaryColour: token.primaryColour, allowedOrigin: token.allowedOrigin };
      } else {
        view = {
          state: 'form',
          amount: token.amount,
          currency: token.currency,
          primaryColour: token.primaryColour,
          width: token.width,
          logoUrl: logo,
          nameOnCard: `${token.account.first_name} ${token.account.last_name}`.trim(),
          allowedOrigin: token.allowedOrigin,
          token: request.query.token!,
          expiresInMs,
        };
      }
      return reply.send(renderFramePage(view, nonce));
    },
  );

  api.post(
    '/api/frame/payments',
    { schema: { hide: true, body: framePaymentBodySchema, response: { 200: framePaymentResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token, ...entered } = request.body;
      const now = app.clock.now();
      // The token decides first: an expired or paid form answers the same whatever was typed. A card that passes
      // the checks goes straight to payToken, which reads the token under its lock and decides alike; only a card
      // with errors reads the token first, to answer as the token stands rather than with the errors.
      const checked = checkCard(entered, now);
      if (checked.errors) {
        const row = await findToken(app.db, token);
        if (!row) throw unauthorized('This payment request is not valid.');
        const paid = await succeededPaymentOf(app.db, row.id);
        if (paid) return { status: 'succeeded' as const, payment_id: paid.id };
        if (row.cancelledAt || row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' as const };
        throw validationFailed(checked.errors);
      }
      const result = await payToken(app.db, token, checked.card, now);
      if (!result) throw unauthorized('This payment request is not valid.');
      // Tell the merchant now rather than at the next retry round; the outbox row is the guarantee.
      if (result.status === 'succeeded') app.payProviderNotifications.deliverSoon();
      return result;
    },
  );
}
