import { z } from 'zod/mini';

/*
 * Apart from booking-store.ts: the header follows the booking in progress on
 * every page (booking-status.ts), and needs this schema alone, not the
 * booking flow's store and rules (issue 15's page weight).
 */

/** The booking created at step 1 Next (spec section 3, Active booking): its id, its bearer token and when that lapses (epoch ms). */
export const activeBookingSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  token: z.string().check(z.minLength(1)),
  expiresAt: z.number().check(z.int(), z.positive()),
});
export type ActiveBooking = z.output<typeof activeBookingSchema>;
