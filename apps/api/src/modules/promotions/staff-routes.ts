import { addStaffPromotion, deleteStaffPromotion, getStaffPromotion, listStaffPromotions, PROMOTION_MESSAGES, promotionEtag, updateStaffPromotion } from '@tours/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-error.ts';
import { ifMatchOf } from '../../lib/if-match.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { staffSessionOf } from '../../plugins/staff-auth.ts';
import { addPromotion, changePromotion, deletePromotion } from './management.ts';
import { presentPromotion, promotionById, readPromotions, type PromotionRecord, type PromotionUsageReader } from './records.ts';

/**
 * Promotional codes in the staff console (permission catalogue.edit):
 * management.ts holds the rules. How many bookings use a code is the
 * bookings module's count, above this one, so the composition
 * (modules/index.ts) hands it in as `usage`.
 */
export const promotionStaffRoutes = (usage: PromotionUsageReader) =>
  async function promotionStaffRoutes(app: FastifyInstance) {
    const context = (request: FastifyRequest) => ({ staffMemberId: staffSessionOf(request).member.id, now: app.clock.databaseNow(), requestId: request.id });

    /** A code's answer carries its ETag, which the next change sends back as If-Match. */
    async function answer(reply: FastifyReply, record: PromotionRecord) {
      reply.header('etag', promotionEtag(record));
      return { data: presentPromotion(record, (await usage(app.db, app.clock.databaseNow(), [record.id])).get(record.id)) };
    }

    registerEndpoint(app, listStaffPromotions, async () => {
      const records = await readPromotions(app.db);
      const used = await usage(app.db, app.clock.databaseNow(), records.map((record) => record.id));
      return { data: { items: records.map((record) => presentPromotion(record, used.get(record.id))) } };
    });

    registerEndpoint(app, getStaffPromotion, async (request, reply) => {
      const record = await promotionById(app.db, request.params.promotion);
      if (!record) throw notFound(PROMOTION_MESSAGES.notFound);
      return answer(reply, record);
    });

    registerEndpoint(app, addStaffPromotion, async (request, reply) => answer(reply, await addPromotion(app.db, request.body, context(request))), { status: 201 });

    registerEndpoint(app, updateStaffPromotion, async (request, reply) => {
      const ifMatch = ifMatchOf(request);
      return answer(reply, await changePromotion(app.db, request.params.promotion, ifMatch, request.body, context(request)));
    });

    registerEndpoint(app, deleteStaffPromotion, async (request) => {
      const ifMatch = ifMatchOf(request);
      const id = request.params.promotion;
      const onBookings = (await usage(app.db, app.clock.databaseNow(), [id])).get(id)?.onBookings ?? 0;
      await deletePromotion(app.db, id, ifMatch, request.body.reason, onBookings, context(request));
      return { data: { id } };
    });
  };
