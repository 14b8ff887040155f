import { retryWaitText } from './messages.ts';

/**
 * When a refused caller may try again, as the refusals below say it:
 * 'in 45 seconds', 'in 15 minutes'; 'later' when the wait is unknown (a
 * 429 without Retry-After).
 */
export function retryInWords(seconds: number | null): string {
  const wait = retryWaitText(seconds);
  return wait ? `in ${wait}` : 'later';
}

/**
 * The words of every rate-limit refusal (HTTP 429 RATE_LIMITED, and the
 * identity provider's pages), in one place so they read alike: what was
 * done too often, what to check, and when to try again (`retryIn`, see
 * retryInWords). The API sends them; the web shows the API's message.
 * Refusals keyed on something many people share (an agency, an e-mail
 * address a stranger may have typed) add 'or contact us'.
 */
export const RATE_LIMIT_MESSAGES = {
  /** Travel agent verification, per client (docs/decisions/0013). */
  agentVerifyClient: (retryIn: string) =>
    `Too many attempts to verify travel agent details. Please check the Agent ID and staff email, and try again ${retryIn}.`,
  /** Travel agent verification, failures per agent ID from every client. */
  agentVerifyAgent: (retryIn: string) => `Too many failed attempts to verify staff of this travel agent. Please try again ${retryIn}, or contact us.`,
  /** Sign-in codes sent from one client. */
  signInCodesFromClient: (retryIn: string) => `Too many requests for sign-in codes. Please try again ${retryIn}.`,
  /** Sign-in codes sent to one e-mail address, from every client. */
  signInCodesToAddress: (retryIn: string) =>
    `Too many sign-in codes have been sent to this e-mail address. Please try again ${retryIn}, or contact us.`,
  /** Wrong sign-in codes typed from one client. */
  signInGuessesFromClient: (retryIn: string) => `Too many wrong sign-in codes. Please check the code in the e-mail and try again ${retryIn}.`,
  /** Wrong sign-in codes for one e-mail address, from every client. */
  signInGuessesForAddress: (retryIn: string) =>
    `Too many wrong sign-in codes for this e-mail address. Please try again ${retryIn}, or contact us.`,
  /** Promotional codes refused on one booking. */
  promoForBooking: (retryIn: string) => `Too many invalid promotional codes on this booking. Please check the code and try again ${retryIn}.`,
  /** Promotional codes refused from one client. */
  promoFromClient: (retryIn: string) => `Too many invalid promotional codes. Please check the code and try again ${retryIn}.`,
  /** Postcode lookups from one client: the address can still be typed. */
  postcodeLookups: (retryIn: string) => `Too many postcode lookups. Please type the address below, or try again ${retryIn}.`,
} as const;
