import { applyPromotion, removePromotion } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { cancelWithdrawnRequests } from '../payments/index.ts';
import { promotionChecks } from '../promotions/index.ts';
import { enforceRateLimits } from '../rate-limits/index.ts';
import { applyPromotionCode, promotionCodeIsValid, removePromotionCode } from './promotion-code.ts';
import { sessionOf } from './session.ts';
import { withBalanceDue } from './totals.ts';

export async function promotionRoutes(app: FastifyInstance) {
  /** Refused codes are limited per client and per booking before they are answered (modules/promotions, limits.ts); requests the validation refuses are not counted. */
  registerEndpoint(app, applyPromotion, async (request, reply) => {
    const session = sessionOf(request);
    const now = app.clock.now();
    const valid = await promotionCodeIsValid(app.db, session, request.body.code, now, app.clock.databaseNow());
    await enforceRateLimits({ db: app.db, reply, now }, promotionChecks(app.config.rateLimits.promotions, { ip: request.ip, bookingId: session.bookingId, valid }));
    const applied = await applyPromotionCode(app.db, { session, code: request.body.code, now, databaseNow: app.clock.databaseNow(), requestId: request.id });
    await cancelWithdrawnRequests(app, session.bookingId);
    return { data: { ...applied, details: withBalanceDue(applied.details, session, app.config.balances.dueDays) } };
  });

  registerEndpoint(app, removePromotion, async (request) => {
    const session = sessionOf(request);
    const { figures, withdrawnRequests } = await removePromotionCode(app.db, { session, now: app.clock.now(), requestId: request.id });
    if (withdrawnRequests > 0) await cancelWithdrawnRequests(app, session.bookingId);
    return { data: { ...figures, details: withBalanceDue(figures.details, session, app.config.balances.dueDays) } };
  });
}
