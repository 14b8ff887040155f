import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { paymentNotifications } from './schema.ts';

export interface ReceivedNotification {
  eventId: string;
  type: string;
  providerPaymentId: string;
  providerRequestId: string | null;
  /** The provider's word for the payment: only a succeeded one has anything to settle. */
  paymentStatus: string;
}

/**
 * Records the provider's notification (a replayed event id is the same row)
 * and says, in the same statement, whether anything is left to do: nothing
 * when the payment did not succeed, or is applied already (the browser's
 * confirm came first), and then the event is marked processed at once.
 */
export async function receiveNotification(db: Database, event: ReceivedNotification, now: Date): Promise<{ done: boolean }> {
  const [{ done } = { done: false }] = await queryRows<{ done: boolean }>(
    db,
    sql`with settled as (
          select ${event.paymentStatus} <> 'succeeded'
            or exists (select 1 from payments where provider_payment_id = ${event.providerPaymentId} and applied_at is not null) as done
        ), received as (
          insert into payment_notifications (event_id, type, provider_payment_id, provider_request_id, processed_at)
          select ${event.eventId}, ${event.type}, ${event.providerPaymentId}, ${event.providerRequestId}, case when done then ${now}::timestamptz end
          from settled
          on conflict (event_id) do update set processed_at = excluded.processed_at
            where payment_notifications.processed_at is null and excluded.processed_at is not null
        )
        select done from settled`,
  );
  return { done };
}

/** The notification has been settled (or found to settle nothing); a replay of it is answered without work. */
export async function markNotificationProcessed(db: Database, eventId: string, now: Date): Promise<void> {
  await db
    .update(paymentNotifications)
    .set({ processedAt: sql`coalesce(${paymentNotifications.processedAt}, ${now})` })
    .where(eq(paymentNotifications.eventId, eventId));
}

/**
 * Records a refund notification; a replayed event id is the same row.
 * Answers whether it was processed already (then nothing is left to do).
 */
export async function receiveRefundNotification(
  db: Database,
  event: { eventId: string; type: string; providerRefundId: string; providerPaymentId: string },
): Promise<{ processed: boolean }> {
  const inserted = await db
    .insert(paymentNotifications)
    .values({ eventId: event.eventId, type: event.type, providerRefundId: event.providerRefundId, providerPaymentId: event.providerPaymentId })
    .onConflictDoNothing({ target: paymentNotifications.eventId })
    .returning({ eventId: paymentNotifications.eventId });
  if (inserted.length > 0) return { processed: false };
  const [row] = await db.select({ processedAt: paymentNotifications.processedAt }).from(paymentNotifications).where(eq(paymentNotifications.eventId, event.eventId));
  return { processed: Boolean(row?.processedAt) };
}
