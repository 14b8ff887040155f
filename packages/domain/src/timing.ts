/**
 * Every timeout and delay of spec sections 4 and 9, named, so web and API
 * never disagree on one and a test pins them to the spec.
 */

/** Session time-outs in seconds: the booking token's life, then the grace after an unconfirmed booking or a purchase. */
export const BOOKING_TOKEN_TIMEOUT_SECONDS = 3600;
export const UNCONFIRMED_TIMEOUT_SECONDS = 90;
export const PURCHASE_TIMEOUT_SECONDS = 90;

/**
 * How long after its booking token expired POST /bookings/confirm still
 * accepts it (ADR 0003). The card can be charged in the last seconds of a
 * session, and the browser keeps asking for the answer until then; past it
 * the server (notifications, reconciliation) and staff own the payment.
 */
export const CONFIRM_GRACE_SECONDS = 24 * 60 * 60;

/**
 * How long a visitor whose card was charged waits on 'Confirming your
 * booking…' for the confirmation (POST /bookings/confirm, or what the server
 * settled by itself: GET /bookings/settlement) before the page shows the
 * unconfirmed screen instead, while it still asks through the unconfirmed
 * session. Long enough for a server still settling (its own retries take a
 * few seconds), short enough that nobody is left waiting on a spinner.
 */
export const CONFIRMATION_WAIT_MS = 20_000;

/** Payment fields unlock this long after the terms are ticked, so the tick is deliberate. */
export const PAYMENT_FIELDS_ENABLE_DELAY_MS = 3000;
/** The inline card form initialises this long after it mounts or the payment option changes. */
export const PAYMENT_FORM_INIT_DELAY_MS = 500;
/** The payment token is requested this long after review, letting selections settle first. */
export const PAYMENT_TOKEN_REQUEST_DELAY_MS = 2000;
/** The room extras loader hides after this long. */
export const ROOM_EXTRAS_LOADER_DELAY_MS = 500;
/** The account booking list loads this long after the page opens. */
export const ACCOUNT_LIST_LOAD_DELAY_MS = 1000;
/** The alternate billing address is validated this long after a change. */
export const BILLING_VALIDATION_DELAY_MS = 100;
/** The header shows its loading placeholder this long. */
export const HEADER_PLACEHOLDER_MS = 1500;
/** After a failed sign-in the provider logout runs this long later, so the alert can be read. */
export const LOGOUT_AFTER_SIGN_IN_FAILURE_MS = 3000;

export const DELAYS_MS = {
  paymentFieldsEnable: PAYMENT_FIELDS_ENABLE_DELAY_MS,
  paymentFormInit: PAYMENT_FORM_INIT_DELAY_MS,
  paymentTokenRequest: PAYMENT_TOKEN_REQUEST_DELAY_MS,
  roomExtrasLoader: ROOM_EXTRAS_LOADER_DELAY_MS,
  accountListLoad: ACCOUNT_LIST_LOAD_DELAY_MS,
  billingValidation: BILLING_VALIDATION_DELAY_MS,
  headerPlaceholder: HEADER_PLACEHOLDER_MS,
  logoutAfterSignInFailure: LOGOUT_AFTER_SIGN_IN_FAILURE_MS,
} as const;
