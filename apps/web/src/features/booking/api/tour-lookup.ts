import { findTour, type Tour } from '@tours/domain/contracts/catalogue';
import { callApi } from '../../../lib/api-client.ts';
import { bookingQueryKey, readBookingQuery, type BookingQuery } from '../booking-query.ts';

/** GET /tours/find; the page shows its own warning when this fails, so no toast. */
export async function fetchTourLookup(query: BookingQuery, signal?: AbortSignal): Promise<Tour> {
  return (await callApi(findTour, { query: { tour: query.tour, departure: query.departure, currency: query.currency }, signal, onError: 'silent' })).data;
}

/** An early answer older than this is not taken: the page asks afresh. */
export const EARLY_LOOKUP_MAX_AGE_MS = 10_000;

let early: { key: string; startedAt: number; answer: Promise<Tour> } | null = null;

/**
 * On a first load of /book, the departure's lookup is asked before React and
 * the page's code are evaluated (app/preload-page.ts), so its answer travels
 * while they are: step 1's content waits for it (issue 15, /book's largest
 * contentful paint). Nothing when the address names no booking.
 */
export function lookUpTourEarly(search: string, now: number = Date.now()): void {
  const query = readBookingQuery(new URLSearchParams(search));
  if (!query) return;
  const answer = fetchTourLookup(query);
  // Whoever takes it sees its failure; one nobody takes must not be reported as unhandled.
  answer.catch(() => undefined);
  early = { key: bookingQueryKey(query), startedAt: now, answer };
}

/** The early answer, once, for the very tour, date and currency it was asked for, while it is fresh; null otherwise. */
export function takeEarlyTourLookup(query: BookingQuery, now: number = Date.now()): Promise<Tour> | null {
  const taken = early;
  early = null;
  if (!taken || taken.key !== bookingQueryKey(query) || now - taken.startedAt > EARLY_LOOKUP_MAX_AGE_MS) return null;
  return taken.answer;
}
