import { createStaffRefund, recordStaffPayment } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { applyRecordedPayment } from '../confirmation/index.ts';
import { paymentsWithRefunds, refundsByIds } from '../payments/index.ts';
import { staffDecision } from './booking.ts';
import { idempotentRequest, runOnce } from './idempotent.ts';
import { recordOfflinePayment } from './offline-payments.ts';
import { createRefund, sendPendingRefunds } from './refunds.ts';

/** A booking's money in the staff console: refunds and payments received offline (issue 26). */
export async function bookingMoneyRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    createStaffRefund,
    async (request) => {
      const once = idempotentRequest(request, createStaffRefund);
      const { result } = await runOnce(app, once, (tx) =>
        createRefund(tx, {
          bookingId: request.params.booking,
          paymentId: request.body.payment_id,
          amount: request.body.amount,
          reason: request.body.reason,
          staffMemberId: once.staffMemberId,
          key: once.key,
          requestId: request.id,
          now: app.clock.now(),
        }),
      );
      // Committed: a card refund goes to the provider now (again, harmlessly, on a replay whose first answer was lost).
      await sendPendingRefunds(app, result.refundIds, request.id);
      const [refund] = await refundsByIds(app.db, result.refundIds);
      return { data: refund! };
    },
    { status: 201 },
  );

  registerEndpoint(
    app,
    recordStaffPayment,
    async (request) => {
      const once = idempotentRequest(request, recordStaffPayment);
      const bookingId = request.params.booking;
      const { result } = await runOnce(app, once, (tx) =>
        recordOfflinePayment(tx, {
          bookingId,
          amount: request.body.amount,
          method: request.body.method,
          payerReference: request.body.reference,
          receivedOn: request.body.received_on,
          reason: request.body.reason,
          staffMemberId: once.staffMemberId,
          requestId: request.id,
          now: app.clock.now(),
        }),
      );
      // Recorded (committed); now applied as a card payment is, once: a replay finds it applied and answers as the booking stands.
      const outcome = await applyRecordedPayment(app, { bookingId, paymentId: result.paymentId, requestId: request.id, actor: staffDecision(app, request).actor });
      const payment = (await paymentsWithRefunds(app.db, bookingId)).find((row) => row.id === result.paymentId)!;
      return { data: { payment, outcome, currency: payment.amount.currency } };
    },
    { status: 201 },
  );
}
