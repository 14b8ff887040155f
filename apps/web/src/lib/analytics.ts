/**
 * Analytics events go to the tag manager's `window.dataLayer` (spec section 4
 * lists the booking flow's events). The tag manager may be blocked or absent,
 * so pushing creates the queue if needed and never throws into the page.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export type AnalyticsParams = Record<string, unknown>;

export function pushAnalyticsEvent(event: string, params: AnalyticsParams = {}): void {
  try {
    window.dataLayer ??= [];
    window.dataLayer.push({ event, ...params });
  } catch (error) {
    // Analytics must never break a booking.
    console.warn(`Could not record analytics event ${event}`, error);
  }
}
