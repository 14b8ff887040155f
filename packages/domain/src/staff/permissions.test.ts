import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../contracts/endpoints.ts';
import { can, PERMISSION_TABLE, permissionsOf, rolesWith, STAFF_PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from './permissions.ts';

/** The lead's design, written out role by role, so the table cannot drift from it unnoticed. */
const EXPECTED: Record<StaffRole, StaffPermission[]> = {
  operations: [
    'bookings.read',
    'passengers.edit',
    'passports.read',
    'messages.send',
    'optional.decide',
    'unconfirmed.confirm',
    'notes.write',
    'queue.deal',
    'departures.read',
    'departures.documents',
  ],
  finance: ['bookings.read', 'unconfirmed.refund', 'payments.record', 'refunds.create', 'bookings.cancel', 'flags.resolve', 'departures.read'],
  admin: ['catalogue.edit', 'staff.manage', 'audit.read'],
  catalogue: ['catalogue.edit', 'departures.read'],
};

describe('the staff permissions table', () => {
  it.each(STAFF_ROLES)('grants %s exactly its permissions', (role) => {
    expect(permissionsOf([role]).sort()).toEqual([...EXPECTED[role]].sort());
  });

  it('names every permission once, each held by at least one role', () => {
    expect(Object.keys(PERMISSION_TABLE).sort()).toEqual([...STAFF_PERMISSIONS].sort());
    for (const permission of STAFF_PERMISSIONS) expect(rolesWith(permission).length, permission).toBeGreaterThan(0);
  });

  it('grants a permission to a member holding any role that has it, and nothing to no role', () => {
    expect(can(['catalogue', 'finance'], 'refunds.create')).toBe(true);
    expect(can(['catalogue', 'finance'], 'passports.read')).toBe(false);
    expect(can([], 'bookings.read')).toBe(false);
    expect(permissionsOf([])).toEqual([]);
    expect(permissionsOf(['operations', 'finance'])).toEqual(STAFF_PERMISSIONS.filter((p) => [...EXPECTED.operations, ...EXPECTED.finance].includes(p)));
  });

  it('keeps passports to operations alone', () => {
    expect(STAFF_ROLES.filter((role) => can([role], 'passports.read'))).toEqual(['operations']);
    expect(STAFF_ROLES.filter((role) => can([role], 'departures.documents'))).toEqual(['operations']);
  });

  it('says in words what each permission lets a member do', () => {
    for (const permission of STAFF_PERMISSIONS) expect(PERMISSION_TABLE[permission].lets, permission).toMatch(/^[A-Z].{10,}[^.]$/);
  });
});

describe('staff endpoints', () => {
  const staff = Object.entries(ENDPOINTS).filter(([, endpoint]) => endpoint.auth === 'staff');

  it('each declare a permission of the table, or null for any signed-in member', () => {
    expect(staff.length).toBeGreaterThan(0);
    for (const [name, endpoint] of staff) {
      const { permission } = endpoint as { permission?: unknown };
      expect(permission === null || STAFF_PERMISSIONS.includes(permission as StaffPermission), name).toBe(true);
    }
  });

  it('live under /staff, and nothing else declares a permission', () => {
    for (const [name, endpoint] of staff) expect(endpoint.path, name).toMatch(/^\/staff\//);
    for (const [name, endpoint] of Object.entries(ENDPOINTS).filter(([, e]) => e.auth !== 'staff')) {
      expect('permission' in endpoint, name).toBe(false);
    }
  });
});
