import type { StaffPermission } from '@tours/domain/staff/permissions';

/**
 * The console's sections, in the order the navigation shows them. A member
 * sees a section when their roles hold its permission (null: everyone); the
 * API refuses the same calls anyway. A section is listed here once its pages
 * exist (app/routes.tsx), so the navigation never leads to a page that is not there.
 */
export interface ConsoleSection {
  path: string;
  label: string;
  permission: StaffPermission | null;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { path: '/', label: 'Home', permission: null },
  { path: '/bookings', label: 'Bookings', permission: 'bookings.read' },
  { path: '/departures', label: 'Departures', permission: 'departures.read' },
  { path: '/tours', label: 'Tours', permission: 'catalogue.edit' },
  { path: '/promotions', label: 'Promotions', permission: 'catalogue.edit' },
  { path: '/agencies', label: 'Agencies', permission: 'catalogue.edit' },
  { path: '/staff', label: 'Staff', permission: 'staff.manage' },
];

export const sectionsFor = (permissions: readonly StaffPermission[]) =>
  CONSOLE_SECTIONS.filter((section) => section.permission === null || permissions.includes(section.permission));
