/**
 * Query keys of the account area. They nest, so invalidating a booking also
 * refreshes its payments and documents, and invalidating `all` refreshes the
 * list and every booking (what a payment changes).
 */
export const accountKeys = {
  all: ['account', 'bookings'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  booking: (id: number) => [...accountKeys.all, id] as const,
  payments: (id: number) => [...accountKeys.booking(id), 'payments'] as const,
};
