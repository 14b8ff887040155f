import { z } from 'zod/mini';
import { readableText } from '../input-values.ts';
import { stripHtml } from '../text.ts';

/**
 * The reason a staff member types for a change (every staff write, and the
 * audit log keeps it): HTML stripped as in every free-text field (spec
 * section 5), trimmed, then 3 to 500 characters, so 'ok' or a pasted essay
 * are refused with a message the form shows next to the field.
 */
export const STAFF_REASON_LIMITS = { min: 3, max: 500 } as const;

export const STAFF_REASON_MESSAGES = {
  required: 'Please give a reason',
  tooShort: `The reason must be at least ${STAFF_REASON_LIMITS.min} characters`,
  tooLong: `The reason must be at most ${STAFF_REASON_LIMITS.max} characters`,
} as const;

export const staffReasonSchema = z.string({ error: STAFF_REASON_MESSAGES.required }).check(
  z.overwrite(stripHtml),
  z.trim(),
  readableText(true),
  z.minLength(1, { message: STAFF_REASON_MESSAGES.required, abort: true }),
  z.minLength(STAFF_REASON_LIMITS.min, STAFF_REASON_MESSAGES.tooShort),
  z.maxLength(STAFF_REASON_LIMITS.max, STAFF_REASON_MESSAGES.tooLong),
);
export type StaffReason = z.output<typeof staffReasonSchema>;
