import { suggestEmail } from '@tours/domain';

/*
 * The domain's table of mistyped e-mail domains, in a chunk of its own: step 1
 * loads it when an address is first left (email-field.tsx), not with the step,
 * which is at its page-weight budget (e2e/tests/budgets.spec.ts).
 */

/** The address as probably meant, or null. */
export const likelyEmail = (typed: string): string | null => suggestEmail(typed);
