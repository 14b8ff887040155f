import {
  buildPrePaymentDetails,
  showsDepositLine,
  SUMMARY_LINE_OF_COMPONENT,
  type AllocationKind,
  type CurrencyCode,
  type PrePaymentDetails,
  type PricedAllocation,
} from '@tours/domain';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { allocations, payments, type ComponentType } from '../../db/schema/index.ts';
import { listComponents } from './repository.ts';

export interface BookingTotals {
  /** The same figures the selections call answered, from the lines the booking is made of now. */
  details: PrePaymentDetails;
  /** A PromotionalCode line is on the booking (the deposit is then not offered). */
  promotionActive: boolean;
}

type Line = { componentType: ComponentType; unitPrice: number; quantity: number; price: number };

/**
 * Pre-payment details recomputed from the booking's priced lines with the
 * domain's rules. The lines were written by the selections call from our own
 * prices, and the promotion line by the promotion call, so every later step
 * (the payment token, confirmation, the e-mail) charges exactly what the
 * customer was shown, never a figure the browser sent.
 */
export function totalsFromLines(lines: readonly Line[], currency: CurrencyCode, brandChannel: number): BookingTotals {
  const tour = lines.find((line) => line.componentType === 'Tour');
  const priced = (summary: AllocationKind): PricedAllocation[] =>
    lines
      .filter((line) => SUMMARY_LINE_OF_COMPONENT[line.componentType] === summary)
      .map((line) => ({ adultPrice: line.unitPrice, passengerCount: line.quantity }));
  const promotions = lines.filter((line) => line.componentType === 'PromotionalCode');
  const details = buildPrePaymentDetails(
    {
      pricePerPerson: tour?.unitPrice ?? 0,
      participants: tour?.quantity ?? 0,
      flights: priced('flights'),
      extras: priced('extras'),
      accommodation: priced('accommodation'),
      discount: promotions.reduce((sum, line) => sum + line.price, 0),
    },
    currency,
    { takesDeposit: showsDepositLine(brandChannel) },
  );
  return { details, promotionActive: promotions.length > 0 };
}

export async function bookingTotals(db: Database, bookingId: number, currency: CurrencyCode, brandChannel: number): Promise<BookingTotals> {
  return totalsFromLines(await listComponents(db, bookingId), currency, brandChannel);
}

/** Whether the booking's selections are in force: it holds (or has bought) at least one unit now. */
export async function hasLiveSelections(db: Database, bookingId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(allocations)
    .where(
      and(
        eq(allocations.bookingId, bookingId),
        or(eq(allocations.state, 'sold'), and(eq(allocations.state, 'held'), gt(allocations.expiresAt, now))),
      ),
    );
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
