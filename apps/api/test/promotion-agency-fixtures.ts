import { agencyEtag, agencyStaffEtag, promotionEtag, type AddPromotionBody } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { addAgency, addAgencyStaff } from '../src/modules/agents/agency-management.ts';
import { agencyStaff } from '../src/modules/agents/agency-records.ts';
import { addPromotion } from '../src/modules/promotions/management.ts';
import { addDays } from '../src/db/seed/dates.ts';
import { today } from './helper.ts';
import { staffMember } from './staff-fixtures.ts';

/**
 * Promotional codes and agencies made through their modules' own services
 * (as the console makes them), for the tests of issue 27 and the role matrix.
 */

let made = 0;
const REASON = 'Made for a test';

const contextOf = async (app: FastifyInstance) => ({
  staffMemberId: (await staffMember(app, ['catalogue'])).id,
  now: app.clock.databaseNow(),
  requestId: 'test',
});

/** A unique code for this process: 'T-4123-7'. */
export const uniqueCode = (prefix = 'T') => `${prefix}-${process.pid}-${++made}`.toUpperCase();

/** A code valid from yesterday to 30 days ahead, £/$/A$ 10 off unless told otherwise. */
export async function newPromotion(app: FastifyInstance, terms: Partial<AddPromotionBody> = {}) {
  const added = await addPromotion(
    app.db,
    {
      code: uniqueCode(),
      description: '',
      discount_type: 'amount',
      amounts: { GBP: 1_000, USD: 1_000, AUD: 1_000 },
      percent: null,
      valid_from: addDays(today(), -1),
      valid_to: addDays(today(), 30),
      tour_codes: [],
      max_uses: null,
      max_uses_per_customer: null,
      reason: REASON,
      ...terms,
    },
    await contextOf(app),
  );
  return { ...added, etag: promotionEtag(added) };
}

/** An agency ('T4123N') with one enabled staff member. */
export async function newAgency(app: FastifyInstance) {
  const context = await contextOf(app);
  made += 1;
  const code = `T${made}P${process.pid % 10000}`;
  const agency = await addAgency(app.db, { code, name: `Test Travel ${made}`, reason: REASON }, context);
  await addAgencyStaff(app.db, agency.id, { name: 'Test Agent', email: `agent-${made}-${process.pid}@agency.test`, reason: REASON }, context);
  const [staff] = await agencyStaff(app.db, agency.id);
  return { agency, etag: agencyEtag(agency), staff: staff!, staffEtag: agencyStaffEtag(staff!) };
}
