/** A travel agency (its Agent ID and name) and its staff, all enabled. */
export interface AgencySeed {
  code: string;
  name: string;
  staff: readonly { name: string; email: string }[];
}

/** Travel agents and their staff, as the agent modal verifies them (Agent ID, then staff e-mail). */
export const AGENTS: readonly AgencySeed[] = [
  {
    code: 'AG1001',
    name: 'Wanderlust Travel Ltd',
    staff: [{ name: 'Jane Holt', email: 'jane.holt@wanderlust.example' }],
  },
  {
    code: 'AG1002',
    name: 'Grand Tour Agency',
    staff: [
      { name: 'Marcus Webb', email: 'marcus.webb@grandtour.example' },
      { name: 'Priya Natarajan', email: 'priya.natarajan@grandtour.example' },
    ],
  },
] as const;
