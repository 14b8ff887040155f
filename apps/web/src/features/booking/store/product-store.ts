import { tourSchema, type Tour } from '@tours/domain/contracts/catalogue';
import { currencyCodeSchema, type CurrencyCode } from '@tours/domain/money';
import { z } from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistOptions, registerPersistedStore, STORAGE_KEYS } from '../../../lib/storage.ts';
import type { BookingQuery } from '../booking-query.ts';

/**
 * The tour departure being booked, as /tours/find answered it, with the
 * currency it was priced in. Local storage (spec section 4, Persistence):
 * returning to the booking shows the tour at once while it is looked up again.
 */
export interface ProductData {
  tour: Tour | null;
  currency: CurrencyCode;
}

interface ProductActions {
  setProduct: (tour: Tour, currency: CurrencyCode) => void;
  reset: () => void;
}

export type ProductState = ProductData & ProductActions;

export const productStateSchema = z.object({ tour: z.nullable(tourSchema), currency: currencyCodeSchema });

export const useProductStore = create<ProductState>()(
  persist(
    (set) => ({
      tour: null,
      currency: 'GBP',
      setProduct: (tour, currency) => set({ tour, currency }),
      reset: () => set({ tour: null, currency: 'GBP' }),
    }),
    persistOptions<ProductState, typeof productStateSchema>(STORAGE_KEYS.product, productStateSchema),
  ),
);
registerPersistedStore(STORAGE_KEYS.product, () => useProductStore.getState().reset());

/** Whether the stored product is the departure the query asks for. */
export function productMatches(product: ProductData, query: BookingQuery): product is ProductData & { tour: Tour } {
  return (
    product.tour !== null &&
    product.currency === query.currency &&
    product.tour.code.toUpperCase() === query.tour &&
    product.tour.start.slice(0, 10) === query.departure
  );
}
