import { countOf } from './text.ts';

/**
 * Every user-facing text of the spec that more than one place needs, verbatim.
 * Plain spelling mistakes of the spec are corrected ('There was', 'occurred'),
 * as is the insurance expiry message the spec itself calls wrong. Texts the
 * spec cuts short with '...' end with the regional phone number.
 */
export const VALIDATION = {
  titleRequired: 'Title is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email address is required',
  numericOnly: 'Numeric values only',
  dateOfBirthRequired: 'Date of birth is required',
  postcodeRequired: 'Postcode is required',
  line1Required: 'Line 1 is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  countryRequired: 'Country is required',
  howHeardRequired: 'How you heard is required',
  agentIdRequired: 'Agent ID is required',
  staffEmailRequired: 'Staff email is required',
  valueRequired: 'Value is required',
  valueNumeric: 'Value must be numeric',
  termsRequired: 'Please confirm the terms and conditions to continue.',
  agentTermsRequired: 'Please confirm the agent terms and conditions to continue.',
  promoInvalid: 'Invalid promotional code. Please try again.',
  promoApplied: 'Promotional code applied.',
  // Issue 27: codes limited to some tours or to a number of uses.
  promoNotForTour: 'This promotional code does not apply to this tour.',
  promoUsedUp: 'This promotional code has been used as many times as it can be.',
  promoUsedByCustomer: 'You have already used this promotional code as many times as it allows.',
  postcodeNotFound: 'Sorry, we were unable to find that post-code.',
  postcodeEmpty: 'Field required',
  postalCodeRequired: 'Postal code is required',
  issueDateRequired: 'Issue date is required',
  expiryDateRequired: 'Expiry date is required',
  flightsIncomplete: 'To continue you will need all the options selected for each passenger.',
  // Messages the spec does not word, for rules a careful booking site still needs.
  emailUndeliverable: 'Please check the e-mail address: it should look like name@example.com, with no spaces or commas',
  dateFormat: 'Use the format YYYY-MM-DD',
  dateOfBirthInFuture: 'Date of birth must be in the past',
  expiryBeforeIssue: 'Expiry date must be after the issue date',
  issueDateInFuture: 'Issue date cannot be in the future',
  issueBeforeBirth: 'Issue date must be after the date of birth',
  passportExpiresBeforeTour: 'This passport expires before the tour ends. It must be valid until the last day of the tour.',
  participantCount: 'Online bookings are for 1 or 2 participants. Please call us to book for more.',
  leadFirst: 'The first participant must be the lead participant',
  duplicatePassenger: 'Each passenger may appear only once',
  duplicateComponent: 'Each component may appear only once',
  passengersRequired: 'Choose at least one passenger',
  amountPositive: 'The amount must be more than 0',
  amountAboveBalance: 'The amount cannot be more than the outstanding balance',
  amountDecimals: 'Use at most two decimal places',
  oneSection: 'Send exactly one section: apis, insurance, joining_information or arrival_time',
  // Characters no keyboard types, which the database cannot store or every reader would trip over (input-values.ts).
  controlCharacters: 'Remove the control characters from this field',
  unreadableCharacters: 'This field holds a broken character. Please type it again.',
} as const;

/** A wait in words, rounded up: '45 seconds', '1 minute', '15 minutes'. Null for no wait to speak of. */
export function retryWaitText(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds < 60) {
    return countOf(Math.ceil(seconds), 'second');
  }
  return countOf(Math.ceil(seconds / 60), 'minute');
}

export const maxLengthMessage = (max: number): string => `The maximum length allowed is ${max}`;
/** A whole number outside what its field (and its database column) holds. */
export const numberRangeMessage = (min: number, max: number): string => `Use a whole number from ${min} to ${max}`;
/** '{Field} is required' for the passport fields. */
export const requiredMessage = (field: string): string => `${field} is required`;

export type AlertType = 'danger' | 'warning' | 'success';
export interface AlertText {
  message: string;
  type: AlertType;
  /** Milliseconds before the toast removes itself. */
  timeout: number;
}

export const ALERT_TITLE = 'System Alert';
/** Toasts whose duration the spec leaves open stay for five seconds, within its 3 to 7 s range. */
export const DEFAULT_ALERT_TIMEOUT = 5_000;

const alert = (message: string, type: AlertType, timeout = DEFAULT_ALERT_TIMEOUT): AlertText => ({ message, type, timeout });

/** Toasts of spec section 8. Functions take the regional phone number where the text ends with it. */
export const ALERTS = {
  validationErrors: alert('Some validation errors were found', 'danger', 3_000),
  paymentFailed: alert('Payment Failed. Please check the details and retry.', 'danger', 5_000),
  paymentExpired: (phone: string) => alert(`Your payment has expired. Please retry or contact us on ${phone}.`, 'warning', 7_000),
  paymentSuccessful: alert('Payment Successful', 'success', 5_000),
  agentNotFound: alert('Failed to find agent.', 'warning', 5_000),
  staffNotFound: alert('Failed to find staff member.', 'warning', 5_000),
  agentFound: alert('We have successfully found your agent details. Continue the booking to complete the process.', 'success'),
  agentSessionEnded: alert('You have successfully ended your agent session. Please login again to continue with bookings.', 'success'),
  profileFailed: (phone: string) =>
    alert(`There was a problem getting your account details. Please check the details and retry or contact us on ${phone}.`, 'danger'),
  loginFailed: (phone: string) => alert(`An error occurred when trying to login. Please try again or contact us on ${phone}.`, 'danger'),
  noAccount: (phone: string) =>
    alert(`No account found. Please make sure to use the e-mail address used on your booking or contact us on ${phone}.`, 'warning', 3_000),
  generalFailure: (phone: string) => alert(`A problem occurred. Please refresh the page or contact us on ${phone}.`, 'danger'),
  unableToConfirm: (phone: string) =>
    alert(`Unable to confirm booking. Please check for email confirmations or contact us on ${phone}.`, 'warning'),
  detailsUpdated: alert('Details successfully updated.', 'success', 3_000),
  /**
   * Too many agent verifications (HTTP 429): the general failure's warning,
   * saying when to try again (`retryIn`, see retryWaitText) rather than to refresh.
   */
  agentVerificationLimited: (phone: string, retryIn: string | null) =>
    alert(
      `A problem occurred: too many attempts to verify an agent. Please try again ${retryIn ? `in ${retryIn}` : 'later'} or contact us on ${phone}.`,
      'warning',
      7_000,
    ),
  /** The account's booking load failure (spec section 8 names the alert, not its words). */
  bookingLoadFailed: (phone: string) =>
    alert(`We were unable to load this booking. Please refresh the page or contact us on ${phone}.`, 'danger'),
} as const;

/** Screen texts of spec section 2 that are built from data. */
export const SCREEN_TEXT = {
  unableToInitiate: (phone: string) =>
    `Unable to initiate your booking. Please try to initiate your booking again. If the problem persists, please contact us on ${phone}.`,
  quoteCreated: (phone: string, id: string | number) =>
    `Unfortunately, we are unable to progress your booking on our website. A quote has been created in our reservations system. Please contact us on ${phone} with your reference number: ${id}.`,
  sessionTimedOut: 'Your session may have timed out. Please click the button below to retry',
  onRequest: 'This tour is on request',
  unconfirmed:
    'Payment was successful, but we are unable to confirm your booking at this time. We will get in contact to confirm your booking soon.',
  noExtras: 'We were unable to find any extras for this tour. Please click next to continue.',
  pageNotFound: 'Page not found',
  detailsRequiredSoon: 'Details required soon. Please complete your personal information at least 3 months / 90 days before departure.',
  agentRates: 'Please contact your provider for final booking rates.',
  noUpcomingTours: "You don't appear to have any upcoming tours.",
  logoutDuringBooking:
    'Are you sure? The current booking will be lost. Once logged out, click on the continue booking if you wish to book this tour.',
  authenticating: 'Please wait while we authenticate you',
  invalidAccount: 'Sorry, there was a problem: The account details provided were invalid. Please check and retry.',
  // Texts the spec does not word, for what a careful booking site still says.
  promoNoDeposit: 'The deposit option is not available while a promotional code is applied. Remove the code to pay a deposit.',
  promoRemoved: 'Promotional code removed.',
  preparingPayment: 'Preparing secure payment…',
} as const;
