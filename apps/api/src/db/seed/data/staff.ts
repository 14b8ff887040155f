import type { StaffRole } from '@tours/domain';

/** The demo's staff, one per role; they sign in at /admin with the sandbox's e-mailed code and a passkey (README, 'The staff console'). */
export const DEMO_STAFF: { email: string; name: string; roles: StaffRole[] }[] = [
  { email: 'ops@meridian-tours.example', name: 'Olivia Park', roles: ['operations'] },
  { email: 'finance@meridian-tours.example', name: 'Felix Grant', roles: ['finance'] },
  { email: 'admin@meridian-tours.example', name: 'Ada Morgan', roles: ['admin'] },
  { email: 'catalogue@meridian-tours.example', name: 'Cara Lewis', roles: ['catalogue'] },
];
