import { z } from 'zod/mini';
import { maxLengthMessage, VALIDATION } from './messages.ts';

/**
 * An e-mail address we can deliver to: one home for the rule that the
 * participant form (in the browser), the API's contracts and every other
 * e-mail field of the customer site apply.
 *
 * The spec asks only that the field is filled ('Email address is required').
 * A booking's confirmation, its documents and the customer's sign-in all
 * travel by e-mail, so an address no mail server can accept is refused as
 * well: one '@'; before it the characters RFC 5322 allows in an unquoted
 * address, with no dot at either end and no two dots together; after it a
 * domain of dot-separated labels (letters, digits and inner hyphens) ending
 * in a top-level domain of letters (or an internationalised one, 'xn--…').
 * So no spaces, no commas, no 'example' without its '.com'. Quoted local
 * parts and addresses at bare IP addresses are valid in the RFC but almost
 * never typed on purpose, and most providers refuse them: they are refused too.
 */
export const DELIVERABLE_EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** RFC 5321's limits: 64 characters before the '@', 254 in all. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

/** Whether mail can be delivered to `value` as written (surrounding spaces aside). */
export function isDeliverableEmail(value: string): boolean {
  const address = value.trim();
  if (address.length > EMAIL_MAX_LENGTH || !DELIVERABLE_EMAIL.test(address)) return false;
  return address.indexOf('@') <= LOCAL_PART_MAX_LENGTH;
}

/**
 * The checks of a required e-mail field, in forms and API bodies alike:
 * trimmed; empty gives the field's own 'required' message (the participant's
 * 'Email address is required', the agent's 'Staff email is required'),
 * anything that cannot receive mail VALIDATION.emailUndeliverable. One
 * message per mistake: each check stops the ones after it.
 */
export const emailChecks = (requiredMessage: string) =>
  [
    z.trim(),
    z.minLength(1, { message: requiredMessage, abort: true }),
    z.maxLength(EMAIL_MAX_LENGTH, { message: maxLengthMessage(EMAIL_MAX_LENGTH), abort: true }),
    // A pattern check (not a refinement alone), so tools that read schemas, the API's fuzzing included, know what an address looks like.
    z.regex(DELIVERABLE_EMAIL, { message: VALIDATION.emailUndeliverable, abort: true }),
    z.refine<string>((value) => value.indexOf('@') <= LOCAL_PART_MAX_LENGTH, VALIDATION.emailUndeliverable),
  ] as const;

/** A required e-mail field whose message also answers a missing value (the participant form's). */
export const emailAddress = (requiredMessage: string) => z.string({ error: requiredMessage }).check(...emailChecks(requiredMessage));
