import { promotionDiscounts, promotions } from './schema.ts';

/**
 * Promotional codes: a fixed discount per currency or a percentage, within
 * its validity dates, for some tours or all, limited in uses or not (staff
 * manage them: staff-routes.ts), and the limits on guessing them. Applying one to a booking is the
 * bookings module's (the PromotionalCode line is a booking line); it asks
 * here whether a code can be used.
 */
export { normalisePromotionCode, promotionLineName, redeemablePromotion, type RedeemablePromotion } from './codes.ts';
export { promotionChecks } from './limits.ts';
// What the console's service adds a code with, for the demo seed to load its codes through it (db/seed).
export { addPromotion, type SeedChange as PromotionSeedChange } from './management.ts';

/**
 * What other modules may read of the promotions' tables in their own
 * statements (a booking's applied code, its full discount), never write.
 */
export const promotionsReadModel = { promotions, promotionDiscounts } as const;
