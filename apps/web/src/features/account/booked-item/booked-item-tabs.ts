/**
 * The Booked Item page's tabs, in the order of the `tab` query parameter
 * (spec section 2): /account/booking/{id}?tab=1 opens Passenger information.
 */
export const BOOKED_ITEM_TABS = [
  { key: 'summary', label: 'Booking summary' },
  { key: 'passengers', label: 'Passenger information' },
  { key: 'documents', label: 'Documents' },
] as const;
export type BookedItemTabKey = (typeof BOOKED_ITEM_TABS)[number]['key'];

export const TAB_INDEX = { summary: 0, passengers: 1, documents: 2 } as const satisfies Record<BookedItemTabKey, number>;

/** The `tab` query value as a tab index; null when absent or not one of ours. */
export function parseTabParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const index = Number(value);
  return index < BOOKED_ITEM_TABS.length ? index : null;
}

/** The link to one tab of a booking, as the account list's buttons make it. */
export const bookedItemPath = (id: number, tab?: number): string => (tab ? `/account/booking/${id}?tab=${tab}` : `/account/booking/${id}`);

/** Phones get a dropdown instead of the tab strip (spec section 2, Booked Item). */
export const TABS_AS_DROPDOWN_QUERY = '(max-width: 37.5rem)';
