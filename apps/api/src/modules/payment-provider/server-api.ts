import { createHash, timingSafeEqual } from 'node:crypto';
import { fromProviderAmount } from '@tours/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTokenBodySchema,
  createTokenResponseSchema,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  paymentRequestResponseSchema,
  paymentResponseSchema,
  providerIdSchema,
  refundBodySchema,
  refundResponseSchema,
} from '../../adapters/payments/wire.ts';
import { conflict, notFound, unauthorized, validationFailed } from '../../lib/http-error.ts';
import { accountOf, cancelPaymentRequest, createToken, findPaymentRequest, findPaymentWithRequest, paymentToWire } from './repository.ts';
import { findRefund, refundPayment, refundToWire } from './refunds.ts';

/** Digests of equal length, so the comparison takes the same time however much of the key matched. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The provider's server-to-server API: merchants (our API, through the
 * PaymentGateway port) open payments and read them back with the secret key.
 * Kept out of our OpenAPI document: it is the provider's API, not ours.
 */
export async function serverApiRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    if (!match || !sameSecret(match[1]!, app.config.payments.secretKey)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized('Send the secret key as Authorization: Bearer <key>.');
    }
    reply.header('cache-control', 'no-store');
  });

  api.post(
    '/tokens',
    { schema: { hide: true, body: createTokenBodySchema, response: { 201: createTokenResponseSchema } } },
    async (request, reply) => {
      const body = request.body;
      const now = app.clock.now();
      const { token, row } = await createToken(app.db, {
        // The schema has checked the form, so this always parses.
        amount: fromProviderAmount(body.amount)!,
        currency: body.currency,
        crmKey: body.crm_key,
        instanceKey: body.instance_key,
        primaryColour: body.theme.primary_colour.toLowerCase(),
        width: body.theme.width,
        logo: body.logo,
        account: accountOf(body.account),
        allowedOrigin: body.allowed_origin,
        expiresAt: new Date(now.getTime() + app.config.payments.tokenTtlSeconds * 1000),
        createdAt: now,
      });
      return reply.code(201).send({ token, payment_request_id: row.requestId, expires_at: row.expiresAt.toISOString() });
    },
  );

  api.get(
    '/payments/:id',
    {
      schema: {
        hide: true,
        params: z.object({ id: providerIdSchema }),
        response: { 200: paymentResponseSchema },
      },
    },
    async (request) => {
      const found = await findPaymentWithRequest(app.db, request.params.id);
      if (!found) throw notFound('No payment has this id.');
      return paymentToWire(found.payment, found.requestId);
    },
  );

  const requestParams = z.object({ id: providerIdSchema });

  api.get(
    '/payment-requests/:id',
    { schema: { hide: true, params: requestParams, response: { 200: paymentRequestResponseSchema } } },
    async (request) => {
      const found = await findPaymentRequest(app.db, request.params.id, app.clock.now());
      if (!found) throw notFound('No payment request has this id.');
      return found;
    },
  );

  api.post(
    '/payments/:id/refunds',
    {
      schema: {
        hide: true,
        params: z.object({ id: providerIdSchema }),
        headers: z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema }),
        body: refundBodySchema,
        response: { 200: refundResponseSchema, 201: refundResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await refundPayment(app.db, {
        paymentId: request.params.id,
        // The schema has checked the form, so this always parses.
        amount: fromProviderAmount(request.body.amount)!,
        currency: request.body.currency,
        reason: request.body.reason,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER],
        now: app.clock.now(),
      });
      switch (answer.kind) {
        case 'unknown-payment':
          throw notFound('No payment has this id.');
        case 'refused':
          throw validationFailed(answer.fields);
        case 'key-conflict':
          throw conflict('This Idempotency-Key was used for another refund request.');
        case 'replayed':
          return reply.code(200).send(answer.refund);
        case 'created':
          // Tell the merchant now rather than at the next retry round; the outbox row is the guarantee.
          app.payProviderNotifications.deliverSoon();
          return reply.code(201).send(answer.refund);
      }
    },
  );

  api.get(
    '/refunds/:id',
    { schema: { hide: true, params: z.object({ id: providerIdSchema }), response: { 200: refundResponseSchema } } },
    async (request) => {
      const found = await findRefund(app.db, request.params.id);
      if (!found) throw notFound('No refund has this id.');
      return refundToWire(found);
    },
  );

  api.post(
    '/payment-requests/:id/cancel',
    { schema: { hide: true, params: requestParams, response: { 200: paymentRequestResponseSchema } } },
    async (request) => {
      const found = await cancelPaymentRequest(app.db, request.params.id, app.clock.now());
      if (!found) throw notFound('No payment request has this id.');
      return found;
    },
  );
}
