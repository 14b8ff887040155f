import { addAgencyBodySchema, addAgencyStaffBodySchema, addPromotionBodySchema, type AddAgencyInput, type AddAgencyStaffInput, type AddPromotionInput } from '@tours/domain';
import type { Database } from '../client.ts';
import { databaseClock } from '../../lib/clock.ts';
import { addAgency, addAgencyStaff, type AgencySeedChange } from '../../modules/agents/index.ts';
import { addPromotion, type PromotionSeedChange } from '../../modules/promotions/index.ts';
import { marketingSources, marketingSubsources } from '../schema/index.ts';
import type { AgencySeed } from './data/agents.ts';
import { MARKETING_SOURCES, type PromotionSeed } from './data/marketing.ts';
import { addDays } from './dates.ts';
import { parsed } from './parsed.ts';

/**
 * The demo's promotional codes and travel agencies (with their staff) are
 * loaded as staff would enter them in the console: read by the schemas of
 * the console's forms and the API's bodies, and written by the promotions'
 * and agents' own services, so the seed cannot make what the console would
 * refuse. Every entry is checked before any is written, and an entry that
 * breaks a rule stops the seed with that field's message.
 */

/** The seed is no staff member: its additions are not audited one by one, the seed's run is (seed/index.ts). */
const SEED_CHANGE: PromotionSeedChange & AgencySeedChange = { staffMemberId: null, now: databaseClock() };
/** The forms ask every change for a reason; the seed's is never recorded, since the seed's additions are not audited one by one. */
const SEED_REASON = 'Loaded with the demo data';

/** 'How did you hear about us?': reference data of the reservations system, with its ids, which no console manages. */
export async function seedMarketingSources(db: Database): Promise<void> {
  await db.insert(marketingSources).values(MARKETING_SOURCES.map(({ id, name }, position) => ({ id, name, position })));
  await db.insert(marketingSubsources).values(
    MARKETING_SOURCES.flatMap((source) =>
      source.subsources.map(({ id, name }, position) => ({ id, sourceId: source.id, name, position })),
    ),
  );
}

/** The codes, their dates counted from `today`, in the data's order (so their ids follow it). */
export async function seedPromotions(db: Database, seeds: readonly PromotionSeed[], today: string): Promise<void> {
  const planned = seeds.map((seed) => {
    const input: AddPromotionInput = {
      code: seed.code,
      description: seed.description,
      discount_type: 'amount',
      amounts: seed.discount,
      percent: null,
      valid_from: addDays(today, seed.validFromDays),
      valid_to: addDays(today, seed.validToDays),
      tour_codes: [],
      max_uses: null,
      max_uses_per_customer: null,
      reason: SEED_REASON,
    };
    return parsed(addPromotionBodySchema, input, `promotional code ${seed.code}`);
  });
  for (const promotion of planned) await addPromotion(db, promotion, SEED_CHANGE);
}

/** The agencies, each followed by its staff, in the data's order (so their ids follow it). */
export async function seedAgencies(db: Database, seeds: readonly AgencySeed[]): Promise<void> {
  const planned = seeds.map((seed) => {
    const agency: AddAgencyInput = { code: seed.code, name: seed.name, reason: SEED_REASON };
    const what = `agency ${seed.code}`;
    return {
      agency: parsed(addAgencyBodySchema, agency, what),
      staff: seed.staff.map((member) => {
        const input: AddAgencyStaffInput = { name: member.name, email: member.email, reason: SEED_REASON };
        return parsed(addAgencyStaffBodySchema, input, `${what}, staff member ${member.email}`);
      }),
    };
  });
  for (const { agency, staff } of planned) {
    const { id } = await addAgency(db, agency, SEED_CHANGE);
    for (const member of staff) await addAgencyStaff(db, id, member, SEED_CHANGE);
  }
}
