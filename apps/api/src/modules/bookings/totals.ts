import { priceBookingLines, showsDepositLine, type CurrencyCode, type PrePaymentDetails } from '@tours/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { allocations, payments, type ComponentType } from '../../db/schema/index.ts';
import type { Instant } from '../../lib/clock.ts';
import { isActiveAllocation } from '../inventory/availability.ts';
import { listComponents } from './repository.ts';

export interface BookingTotals {
  /** The same figures the selections call answered, from the lines the booking is made of now. */
  details: PrePaymentDetails;
  /** A PromotionalCode line is on the booking (the deposit is then not offered). */
  promotionActive: boolean;
}

type Line = { componentType: ComponentType; name: string; unitPrice: number; quantity: number };

/**
 * Pre-payment details recomputed from the booking's priced lines with the
 * domain's rules (priceBookingLines: each line, and the total their sum).
 * The lines were written by the selections call from our own prices, and the
 * promotion line by the promotion call, so every later step (the payment
 * token, confirmation, the e-mail) charges exactly what the customer was
 * shown, never a figure the browser sent.
 */
export function totalsFromLines(lines: readonly Line[], currency: CurrencyCode, brandChannel: number): BookingTotals {
  const details = priceBookingLines(lines, currency, { takesDeposit: showsDepositLine(brandChannel) });
  return { details, promotionActive: lines.some((line) => line.componentType === 'PromotionalCode') };
}

export async function bookingTotals(db: Database, bookingId: number, currency: CurrencyCode, brandChannel: number): Promise<BookingTotals> {
  return totalsFromLines(await listComponents(db, bookingId), currency, brandChannel);
}

/** Whether the booking's selections are in force: it holds (or has bought) at least one unit now, by the database's clock. */
export async function hasLiveSelections(db: Database, bookingId: number, now: Instant): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(allocations)
    .where(and(eq(allocations.bookingId, bookingId), isActiveAllocation(now)));
  return Number(row?.n ?? 0) > 0;
}

/** Succeeded payments on the booking, in minor units of its currency. */
export async function amountPaid(db: Database, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ paid: sql<number>`cast(coalesce(sum(${payments.amount}), 0) as integer)` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')));
  return Number(row?.paid ?? 0);
}
