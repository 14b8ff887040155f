/**
 * Who at the operator may do what in the staff console: the one table of
 * roles and permissions (docs/decisions/0018-staff-console.md). The console
 * hides what a member's roles cannot do; the API refuses it. A staff member
 * holds one or more roles; a permission is granted by holding any role it
 * names.
 */

export const STAFF_ROLES = ['operations', 'finance', 'admin', 'catalogue'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How each role is named on screen. */
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  operations: 'Operations',
  finance: 'Finance',
  admin: 'Administrator',
  catalogue: 'Catalogue',
};

export const STAFF_PERMISSIONS = [
  'bookings.read',
  'passengers.edit',
  'passports.read',
  'messages.send',
  'optional.decide',
  'unconfirmed.confirm',
  'unconfirmed.refund',
  'notes.write',
  'queue.deal',
  'payments.record',
  'refunds.create',
  'bookings.cancel',
  'flags.resolve',
  'catalogue.edit',
  'staff.manage',
  'departures.read',
  'departures.documents',
  'audit.read',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/**
 * The one table: each permission, the roles that hold it, and what it lets a
 * member do in words a member reads on the console's home page.
 */
export const PERMISSION_TABLE: Readonly<Record<StaffPermission, { roles: readonly StaffRole[]; lets: string }>> = {
  'bookings.read': { roles: ['operations', 'finance'], lets: 'Find and read bookings, work the queue and export lists as CSV' },
  'passengers.edit': { roles: ['operations'], lets: "Edit passengers' details on a customer's behalf" },
  'passports.read': { roles: ['operations'], lets: 'See passport numbers and advance passenger information' },
  'messages.send': { roles: ['operations'], lets: 'Resend the confirmation e-mail or a document' },
  'optional.decide': { roles: ['operations'], lets: 'Confirm or decline Optional bookings' },
  'unconfirmed.confirm': { roles: ['operations'], lets: 'Confirm bookings that were paid but not confirmed' },
  'unconfirmed.refund': { roles: ['finance'], lets: 'Refund bookings that were paid but not confirmed' },
  'notes.write': { roles: ['operations'], lets: 'Write internal notes on bookings' },
  'queue.deal': { roles: ['operations'], lets: 'Mark an e-mail that could not be delivered, or a quote for a sold-out room, as dealt with' },
  'payments.record': { roles: ['finance'], lets: 'Record offline payments (bank transfer, agency, cheque, cash)' },
  'refunds.create': { roles: ['finance'], lets: 'Refund payments, in full or in part' },
  'bookings.cancel': { roles: ['finance'], lets: 'Cancel bookings with the cancellation charges' },
  'flags.resolve': { roles: ['finance'], lets: 'Resolve flagged payments' },
  'catalogue.edit': { roles: ['catalogue', 'admin'], lets: 'Edit tours, departures, prices, pictures, promotional codes and agencies' },
  'staff.manage': { roles: ['admin'], lets: 'Add staff members, change their roles, deactivate them and reset their passkeys' },
  'departures.read': { roles: ['operations', 'finance', 'catalogue'], lets: 'See departures, manifests and rooming lists' },
  'departures.documents': { roles: ['operations'], lets: 'Download flight manifests with passport details' },
  'audit.read': { roles: ['admin'], lets: 'Read the audit log' },
};

/** Whether a member holding `roles` may do what `permission` allows. */
export function can(roles: readonly StaffRole[], permission: StaffPermission): boolean {
  return PERMISSION_TABLE[permission].roles.some((role) => roles.includes(role));
}

/** Every permission the roles hold, in the table's order. */
export function permissionsOf(roles: readonly StaffRole[]): StaffPermission[] {
  return STAFF_PERMISSIONS.filter((permission) => can(roles, permission));
}

/** The roles that hold a permission, for messages and the API's documentation. */
export const rolesWith = (permission: StaffPermission): readonly StaffRole[] => PERMISSION_TABLE[permission].roles;

