/** What the staff console and its API say, in one place. */
export const STAFF_MESSAGES = {
  /** Every refused credential on a staff call: no session, an ended one, a customer's or an agent's token. */
  signInRequired: 'Please sign in to the staff console to continue.',
  /** A signed-in member whose roles do not hold the call's permission. */
  forbidden: 'Your role does not allow this.',
  /** The address the identity provider vouched for is no active staff member's. */
  notStaff: 'This address is not a staff member’s. If you work for us, ask an administrator to add you.',
  /** A real provider's sign-in without a second factor. */
  providerWithoutSecondFactor: 'Your sign-in did not use a second factor. Please sign in again with multi-factor authentication.',
  passkeyFailed: 'The passkey could not be verified. Please try again, or use a recovery code.',
  passkeyRegistrationFailed: 'The passkey could not be registered. Please try again.',
  challengeExpired: 'This sign-in step has expired. Please start again.',
  recoveryCodeWrong: 'That recovery code is not valid or has been used.',
  staleMember: 'Someone else changed this staff member since you opened it. Reload to see their change, then try again.',
  ifMatchRequired: 'Send the If-Match header with the version you read (its ETag).',
  ownAdminRole: 'You cannot remove your own administrator role.',
  ownDeactivation: 'You cannot deactivate yourself.',
  lastAdmin: 'At least one active administrator must remain.',
  emailTaken: 'A staff member with this e-mail address already exists.',
} as const;

/** The staff sign-in's rate-limit refusals (429), worded as RATE_LIMIT_MESSAGES words the site's. */
export const STAFF_RATE_LIMIT_MESSAGES = {
  startsFromClient: (retryIn: string) => `Too many sign-ins to the staff console from this device. Please try again ${retryIn}.`,
  startsForAddress: (retryIn: string) => `Too many sign-ins to the staff console for this e-mail address. Please try again ${retryIn}.`,
  failuresForMember: (retryIn: string) => `Too many failed second factors for this staff member. Please try again ${retryIn}, or ask an administrator.`,
  failuresFromClient: (retryIn: string) => `Too many failed second factors from this device. Please try again ${retryIn}.`,
} as const;
