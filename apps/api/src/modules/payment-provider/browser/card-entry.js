// How the sandbox card form reads and shapes what is typed, as real card
// forms do: the expiry from the number pad ('1229' becomes '12 / 29'; '12/29'
// and '12 / 2029' are read too), the card number in groups of four, the
// security code digits only. One plain ES module, served as-is from
// /pay/card-entry.js for frame.js and imported by the server's card checks
// (cards.ts) and the tests, so the form and the server read an expiry alike.

const SEPARATOR = ' / ';

/** { month, year } of an expiry as typed ('1229', '12/29', '12 / 2029', '122029'), or null when it is not one. */
export function parseExpiry(input) {
  const match = /^(\d{2})\s*(?:\/\s*)?(\d{2}|\d{4})$/.exec(String(input).trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/**
 * The expiry field's value as it is typed: 'MM / YY' (or 'MM / YYYY'). The
 * separator comes once the year begins, or at once when the visitor types
 * one; while deleting (`deleting`) it is never added back, so backspace goes
 * through it. A month that can only be one digit ('4'), or one digit followed
 * by a separator ('1/'), is written with its 0.
 */
export function formatExpiryTyping(value, { deleting = false } = {}) {
  const text = String(value);
  const oneDigitMonth = /^\s*(\d)\s*[/\-.\s]/.test(text);
  let digits = text.replace(/\D/g, '');
  if (oneDigitMonth || /^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 6);
  if (digits.length > 2) return `${digits.slice(0, 2)}${SEPARATOR}${digits.slice(2)}`;
  const separatorTyped = digits.length === 2 && /[/\-.\s]/.test(text.replace(/^\s+/, ''));
  return separatorTyped && !deleting ? `${digits}${SEPARATOR}` : digits;
}

/** The card number as it is typed: digits in groups of four ('4242 4242 4242 4242'), 19 digits at most. */
export function formatCardNumberTyping(value) {
  const digits = String(value).replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The security code as it is typed: up to four digits. */
export function formatCvcTyping(value) {
  return String(value).replace(/\D/g, '').slice(0, 4);
}

/**
 * Where the caret goes once a value is reformatted: after as many digits as
 * were before it, so typing or deleting in the middle of a number stays put;
 * past a separator that ends the value, so the next digit follows it.
 */
export function caretAfterFormat(typed, caret, formatted) {
  const before = String(typed).slice(0, caret).replace(/\D/g, '').length;
  // A month written with its 0 ('4' -> '04') has one digit more before the caret.
  const added = formatted.replace(/\D/g, '').length - String(typed).replace(/\D/g, '').length;
  let wanted = before + Math.max(0, added);
  if (wanted === 0) return 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index])) wanted -= 1;
    if (wanted === 0) return /^\D+$/.test(formatted.slice(index + 1)) ? formatted.length : index + 1;
  }
  return formatted.length;
}
