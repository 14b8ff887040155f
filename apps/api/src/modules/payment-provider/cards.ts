import { parseExpiry } from './browser/card-entry.js';

/**
 * The sandbox's card rules: what a well-formed card looks like, and what
 * happens to each test card. No network, no bank: outcomes are decided by
 * the card number alone, so tests and demos are deterministic.
 */

export const CARD_MESSAGES = {
  number: 'Enter a valid card number',
  expiry: 'Enter a valid expiry date',
  cvc: 'Enter a valid security code',
  name: 'Enter the name on the card',
} as const;

export const DECLINED_MESSAGE = 'Your card was declined. Check the details or use another card.';
export const NOT_A_TEST_CARD_MESSAGE = 'This sandbox takes only its test cards; your card was not charged.';

export type CardOutcome = 'succeeds' | 'declined' | 'expired-request';

/** The test card whose payments succeed and whose refunds fail. */
export const REFUND_FAILS_CARD = '4000 0000 0000 5126';

/** Shown on the frame and in the README; any future expiry date and any security code. */
export const TEST_CARDS: { number: string; outcome: CardOutcome; description: string }[] = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds', description: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined', description: 'Is declined' },
  { number: '4000 0000 0000 0069', outcome: 'expired-request', description: "Closes with 'Expired request'" },
  { number: REFUND_FAILS_CARD, outcome: 'succeeds', description: 'Succeeds; refunds of it fail' },
];

/** A refund of a payment made with this card fails, as a card issuer can refuse one (an account closed since). */
export const REFUND_FAILURE_MESSAGE = 'The card issuer refused the refund (the account may be closed). Refund the customer another way.';

/** Whether refunds of a payment made with the card ending so fail: only test cards are ever paid with, so the last four digits tell. */
export const refundFailsFor = (cardLast4: string): boolean => cardLast4 === REFUND_FAILS_CARD.slice(-4);

const OUTCOMES = new Map(TEST_CARDS.map((card) => [card.number.replace(/ /g, ''), card.outcome]));

/** People type card numbers in groups; spaces (and nothing else) are allowed between digits. */
export function cardDigits(input: string): string | null {
  const digits = input.replace(/ /g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  return 'unknown';
}

/**
 * Cards are good to the end of their expiry month; more than 20 years ahead is a typing error. The expiry is read
 * as the form reads it (browser/card-entry.js): '12/29', '1229' from a number pad, '12 / 2029'.
 */
export function isValidExpiry(input: string, now: Date): boolean {
  const expiry = parseExpiry(input);
  if (!expiry) return false;
  const { month, year } = expiry;
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth > now.getTime() && year <= now.getUTCFullYear() + 20;
}

export interface CheckedCard {
  digits: string;
  brand: string;
  last4: string;
}

/** The card as entered, checked field by field; `errors` is keyed by the frame's field names. */
export function checkCard(
  input: { card_number: string; expiry: string; cvc: string; name: string },
  now: Date,
): { card: CheckedCard; errors?: undefined } | { card?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const digits = cardDigits(input.card_number.trim());
  if (!digits || !passesLuhn(digits)) errors.card_number = CARD_MESSAGES.number;
  if (!isValidExpiry(input.expiry, now)) errors.expiry = CARD_MESSAGES.expiry;
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = CARD_MESSAGES.cvc;
  if (input.name.trim() === '') errors.name = CARD_MESSAGES.name;
  if (Object.keys(errors).length > 0 || !digits) return { errors };
  return { card: { digits, brand: cardBrand(digits), last4: digits.slice(-4) } };
}

/** Any well-formed number outside the test cards is declined: a sandbox must never look like it took a real card. */
export function outcomeOf(digits: string): { outcome: CardOutcome; message?: string } {
  const outcome = OUTCOMES.get(digits);
  if (outcome === 'declined') return { outcome, message: DECLINED_MESSAGE };
  if (outcome) return { outcome };
  return { outcome: 'declined', message: NOT_A_TEST_CARD_MESSAGE };
}
