import { applyPromotion, removePromotion } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { sessionOf } from '../bookings/session.ts';
import { cancelWithdrawnRequests } from '../payments/intents.ts';
import { applyPromotionCode, removePromotionCode } from './service.ts';

export async function promotionRoutes(app: FastifyInstance) {
  registerEndpoint(app, applyPromotion, async (request) => {
    const session = sessionOf(request);
    const applied = await applyPromotionCode(app.db, { session, code: request.body.code, now: app.clock.now(), requestId: request.id });
    await cancelWithdrawnRequests(app, session.bookingId);
    return { data: applied };
  });

  registerEndpoint(app, removePromotion, async (request) => {
    const session = sessionOf(request);
    const { figures, withdrawnRequests } = await removePromotionCode(app.db, { session, now: app.clock.now(), requestId: request.id });
    if (withdrawnRequests > 0) await cancelWithdrawnRequests(app, session.bookingId);
    return { data: figures };
  });
}
