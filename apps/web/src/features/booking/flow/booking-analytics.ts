import { MINOR_PER_MAJOR } from '@tours/domain/money';
import { useEffect, useRef } from 'react';
import { pushAnalyticsEvent } from '../../../lib/analytics.ts';

/** The booking flow's analytics events (spec section 4, Step 4 payment lists them; begin_checkout at step 1 Next). */
export type BookingEvent =
  | 'begin_checkout'
  | 'view_cart'
  | 'travel_arrangements'
  | 'extras'
  | 'accommodation'
  | 'accommodation_extras'
  | 'no_availability'
  | 'booking_review_and_payment';

export interface BookingEventProduct {
  code: string;
  name: string;
  currency: string;
}

/** Every event names the tour and currency, in the GA4 e-commerce shape tag managers expect. */
export function pushBookingEvent(event: BookingEvent, product: BookingEventProduct): void {
  pushAnalyticsEvent(event, {
    tour_code: product.code,
    currency: product.currency,
    ecommerce: { currency: product.currency, items: [{ item_id: product.code, item_name: product.name }] },
  });
}

/**
 * Pushes the event once per arrival: the component showing a step mounts on
 * arrival and unmounts on leaving, so re-renders (and React's development
 * double effects, which keep refs) never count twice.
 */
export function useBookingEventOnArrival(event: BookingEvent, product: BookingEventProduct | null, ready = true): void {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !ready || !product) return;
    sent.current = true;
    pushBookingEvent(event, product);
  }, [event, product, ready]);
}

/** A payment's figures for add_payment_info and purchase, in minor units of the booking's currency. */
export interface PaymentEventFigures {
  /** The booking's total: what the purchase is worth, whether a deposit or the whole is paid now. */
  total: number;
  /** What the card was charged now. */
  paid: number | null;
  option: string;
}

const major = (minorUnits: number) => Math.round(minorUnits) / MINOR_PER_MAJOR;

/**
 * add_payment_info is pushed when the provider reports the card payment
 * taken: that is when payment details were really submitted (the frame
 * reports no earlier submit, and a shown form says nothing about the payer).
 * purchase follows once the booking is confirmed, with its reference.
 */
export function pushPaymentEvent(
  event: 'add_payment_info' | 'purchase',
  product: BookingEventProduct,
  figures: PaymentEventFigures,
  reference?: string,
): void {
  const value = major(figures.total);
  pushAnalyticsEvent(event, {
    tour_code: product.code,
    currency: product.currency,
    value,
    payment_option: figures.option,
    ...(figures.paid !== null ? { amount_paid: major(figures.paid) } : {}),
    ...(reference ? { reference } : {}),
    ecommerce: {
      currency: product.currency,
      value,
      ...(event === 'add_payment_info' ? { payment_type: 'card' } : {}),
      ...(reference ? { transaction_id: reference } : {}),
      items: [{ item_id: product.code, item_name: product.name }],
    },
  });
}
