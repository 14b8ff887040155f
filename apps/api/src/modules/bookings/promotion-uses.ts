import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/**
 * How many bookings use a promotional code: the count its limits are held
 * to and the console shows. A booking uses a code while it carries the
 * code's line and is not cancelled, once it has gone past the quote
 * (Optional, Unconfirmed, Confirmed) or while its visitor is still booking
 * (the booking's session is open). A quote left to lapse gives its use back,
 * so abandoned bookings never use a limited code up. `now` is the database's
 * clock (Clock.databaseNow()), which every replica judges sessions by.
 */
const inUse = (now: SQL) => sql`b.status <> 'Cancelled' and (b.status <> 'Quote' or b.token_expires_at > ${now})`;

export interface PromotionUser {
  /** The booking asking: never counted against itself. */
  bookingId: number;
  now: SQL;
}

export interface PromotionUses {
  /** Other bookings using the code. */
  uses: number;
  /** Other bookings of the same customer using it: the same customer account, or the same lead passenger's e-mail address. */
  customerUses: number;
}

/** The code's uses by other bookings than this one, in all and by this booking's customer. */
export async function promotionUses(db: Database, promotionId: number, user: PromotionUser): Promise<PromotionUses> {
  const [row] = await queryRows<{ uses: number; customer_uses: number }>(
    db,
    sql`
    with me as (
      select b.customer_id,
        (select lower(btrim(bp.email)) from booking_passengers bp where bp.booking_id = b.id and bp.is_lead) as email
      from bookings b where b.id = ${user.bookingId}
    )
    select cast(count(*) as integer) as uses,
      cast(count(*) filter (where (b.customer_id is not null and b.customer_id = me.customer_id)
        or (me.email is not null and exists (
          select 1 from booking_passengers bp where bp.booking_id = b.id and bp.is_lead and lower(btrim(bp.email)) = me.email))) as integer) as customer_uses
    from booking_components bc
    join bookings b on b.id = bc.booking_id
    cross join me
    where bc.component_type = 'PromotionalCode' and bc.promotion_id = ${promotionId} and b.id <> ${user.bookingId} and ${inUse(user.now)}`,
  );
  return { uses: Number(row?.uses ?? 0), customerUses: Number(row?.customer_uses ?? 0) };
}

export interface PromotionUsage {
  /** Bookings using it now (promotionUses' rule). */
  uses: number;
  /** Bookings carrying it at all, lapsed quotes and cancelled bookings too. */
  onBookings: number;
}

/** Every code's usage on bookings, for the staff console (codes no booking carries are absent: 0 and 0). */
export async function promotionUsage(db: Database, now: SQL, promotionIds?: readonly number[]): Promise<Map<number, PromotionUsage>> {
  const only = promotionIds === undefined ? sql`` : promotionIds.length === 0 ? sql`and false` : sql`and bc.promotion_id in (${sql.join(promotionIds.map((id) => sql`${id}`), sql`, `)})`;
  const rows = await queryRows<{ promotion_id: number; uses: number; on_bookings: number }>(
    db,
    sql`
    select bc.promotion_id,
      cast(count(*) filter (where ${inUse(now)}) as integer) as uses,
      cast(count(*) as integer) as on_bookings
    from booking_components bc
    join bookings b on b.id = bc.booking_id
    where bc.component_type = 'PromotionalCode' and bc.promotion_id is not null ${only}
    group by bc.promotion_id`,
  );
  return new Map(rows.map((row) => [Number(row.promotion_id), { uses: Number(row.uses), onBookings: Number(row.on_bookings) }]));
}
