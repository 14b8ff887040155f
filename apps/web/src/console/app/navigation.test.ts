import { permissionsOf, STAFF_ROLES, type StaffRole } from '@tours/domain/staff/permissions';
import { describe, expect, it } from 'vitest';
import { CONSOLE_SECTIONS, sectionsFor } from './navigation.ts';

const labelsFor = (roles: StaffRole[]) => sectionsFor(permissionsOf(roles)).map((section) => section.label);

/** The console's navigation follows the domain's permission table: a member sees a section only when the API lets them use it. */
describe("the console's sections", () => {
  it('shows Home to every role, Bookings to operations and finance, Departures to operations, finance and catalogue, Tours, Promotions and Agencies to catalogue and administrators, Staff to administrators', () => {
    expect(labelsFor(['operations'])).toEqual(['Home', 'Bookings', 'Departures']);
    expect(labelsFor(['finance'])).toEqual(['Home', 'Bookings', 'Departures']);
    expect(labelsFor(['admin'])).toEqual(['Home', 'Tours', 'Promotions', 'Agencies', 'Staff']);
    expect(labelsFor(['catalogue'])).toEqual(['Home', 'Departures', 'Tours', 'Promotions', 'Agencies']);
    expect(labelsFor(['operations', 'admin'])).toEqual(['Home', 'Bookings', 'Departures', 'Tours', 'Promotions', 'Agencies', 'Staff']);
  });

  it('lists each section once, Home first, every path under the console', () => {
    expect(CONSOLE_SECTIONS[0]).toEqual({ path: '/', label: 'Home', permission: null });
    expect(new Set(CONSOLE_SECTIONS.map((section) => section.path)).size).toBe(CONSOLE_SECTIONS.length);
    for (const role of STAFF_ROLES) expect(labelsFor([role])[0]).toBe('Home');
  });
});
