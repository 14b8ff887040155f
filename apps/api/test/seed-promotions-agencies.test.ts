import { AGENCY_MESSAGES, PROMOTION_MESSAGES, VALIDATION, type StaffAgency, type StaffAgencyPage, type StaffPromotion } from '@tours/domain';
import { asc, count, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { agentStaff, agents, auditLog, promotionDiscounts, promotions, seedRuns } from '../src/db/schema/index.ts';
import { AGENTS, type AgencySeed } from '../src/db/seed/data/agents.ts';
import { PROMOTIONS, type PromotionSeed } from '../src/db/seed/data/marketing.ts';
import { prices } from '../src/db/seed/data/types.ts';
import { addDays } from '../src/db/seed/dates.ts';
import { seedAgencies, seedPromotions } from '../src/db/seed/insert-reference.ts';
import { build } from './helper.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';

/**
 * Issue 27: the demo seed adds its promotional codes and travel agencies
 * (with their staff) through the console's services, so they are what the
 * staff API reads back, and a seed entry the console would refuse stops the
 * seed with that field's message, writing nothing.
 */

describe('the demo’s promotional codes and agencies, loaded through the console’s services', () => {
  const server = build();
  const app = () => server.app;
  let staff: StaffCaller;
  const get = async <T,>(url: string): Promise<T> => {
    staff ??= await staffSession(app(), ['catalogue']);
    const response = await app().inject({ method: 'GET', url: `/api/staff${url}`, headers: staff.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as T;
  };

  it('are not audited one by one: the seed’s run is', async () => {
    const entries = await app().db.select({ action: auditLog.action }).from(auditLog).where(inArray(auditLog.entityType, ['promotion', 'agency', 'agency_staff']));
    expect(entries).toEqual([]);
  });

  it('the codes are what GET /api/staff/promotions reads back, in the data’s order of ids', async () => {
    const [run] = await app().db.select().from(seedRuns);
    const { items } = await get<{ items: StaffPromotion[] }>('/promotions');
    const seeded = PROMOTIONS.map((seed) => items.find((item) => item.code === seed.code));
    expect(seeded).toMatchObject(
      PROMOTIONS.map((seed) => ({
        code: seed.code,
        description: seed.description,
        discount_type: 'amount',
        amounts: seed.discount,
        percent: null,
        valid_from: addDays(run!.seededOn, seed.validFromDays),
        valid_to: addDays(run!.seededOn, seed.validToDays),
        tour_codes: [],
        max_uses: null,
        max_uses_per_customer: null,
        active: true,
        version: 1,
      })),
    );
    const ids = seeded.map((item) => item!.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('the agencies and their staff are what GET /api/staff/agencies reads back, in the data’s order of ids', async () => {
    const { items } = await get<{ items: StaffAgency[] }>('/agencies');
    const seeded = AGENTS.map((seed) => items.find((item) => item.code === seed.code));
    expect(seeded).toMatchObject(
      AGENTS.map((seed) => ({ code: seed.code, name: seed.name, active: true, staff_count: seed.staff.length, active_staff_count: seed.staff.length, version: 1 })),
    );
    const agencyIds = seeded.map((item) => item!.id);
    expect(agencyIds).toEqual([...agencyIds].sort((a, b) => a - b));

    const staffIds: number[] = [];
    for (const [index, seed] of AGENTS.entries()) {
      const page = await get<StaffAgencyPage>(`/agencies/${agencyIds[index]}`);
      const byEmail = seed.staff.map((member) => page.staff.find((found) => found.email === member.email));
      expect(byEmail).toMatchObject(seed.staff.map((member) => ({ name: member.name, email: member.email, active: true, version: 1 })));
      expect(page.staff).toHaveLength(seed.staff.length);
      staffIds.push(...byEmail.map((member) => member!.id));
    }
    // Each agency's staff follow it, in the data's order, as the direct inserts gave them.
    expect(staffIds).toEqual([...staffIds].sort((a, b) => a - b));
  });

  describe('an entry the console would refuse stops the seed with the field’s message, writing nothing', () => {
    const today = '2030-01-01';
    const promotion = (overrides: Partial<PromotionSeed>): PromotionSeed => ({
      code: 'SEED-GOOD',
      description: 'A code the console would take.',
      validFromDays: 0,
      validToDays: 30,
      discount: prices(5, 5, 5),
      ...overrides,
    });
    const agency = (overrides: Partial<AgencySeed>): AgencySeed => ({
      code: 'AG9001',
      name: 'Seed Travel',
      staff: [{ name: 'Sam Seed', email: 'sam.seed@seed.example' }],
      ...overrides,
    });
    const counts = async () => ({
      promotions: (await app().db.select({ n: count() }).from(promotions))[0]!.n,
      discounts: (await app().db.select({ n: count() }).from(promotionDiscounts))[0]!.n,
      agencies: (await app().db.select({ n: count() }).from(agents))[0]!.n,
      staff: (await app().db.select({ n: count() }).from(agentStaff))[0]!.n,
    });
    const refused = async (load: (tx: Database) => Promise<void>, message: string) => {
      const before = await counts();
      await expect(app().db.transaction(load)).rejects.toThrow(message);
      expect(await counts()).toEqual(before);
    };

    it.each([
      ['a code with a space', [promotion({ code: 'SEED BAD' })], `code: ${PROMOTION_MESSAGES.codeFormat}`],
      ['a code ending before it starts', [promotion({ validFromDays: 10, validToDays: 5 })], `valid_to: ${PROMOTION_MESSAGES.datesOrdered}`],
      ['a discount of nothing', [promotion({ discount: prices(0, 5, 5) })], `amounts.GBP: ${PROMOTION_MESSAGES.amountPositive}`],
      ['a good code followed by a bad one', [promotion({}), promotion({ code: 'SEED-BAD', description: 'x'.repeat(201) })], 'description:'],
    ])('promotional codes: %s', async (_, seeds, message) => {
      await refused((tx) => seedPromotions(tx, seeds, today), message);
    });

    it('promotional codes: a code the demo has already, refused by the service as the console’s would be', async () => {
      await refused((tx) => seedPromotions(tx, [promotion({}), promotion({ code: PROMOTIONS[0]!.code })], today), PROMOTION_MESSAGES.codeTaken);
    });

    it.each([
      ['an ID with a space', [agency({ code: 'AG 9001' })], `code: ${AGENCY_MESSAGES.codeFormat}`],
      ['a blank name', [agency({ name: '  ' })], `name: ${AGENCY_MESSAGES.nameRequired}`],
      ['a staff member’s e-mail address without a domain', [agency({ staff: [{ name: 'Sam Seed', email: 'sam.seed' }] })], `email: ${VALIDATION.emailUndeliverable}`],
      ['a good agency followed by one with a nameless staff member', [agency({}), agency({ code: 'AG9002', staff: [{ name: '', email: 'x@seed.example' }] })], `name: ${AGENCY_MESSAGES.nameRequired}`],
    ])('agencies: %s', async (_, seeds, message) => {
      await refused((tx) => seedAgencies(tx, seeds), message);
    });

    it('agencies: an ID the demo has already, or one e-mail address twice, refused by the service as the console’s would be', async () => {
      await refused((tx) => seedAgencies(tx, [agency({}), agency({ code: AGENTS[0]!.code })]), AGENCY_MESSAGES.codeTaken);
      const twice = { name: 'Sam Seed', email: 'sam.seed@seed.example' };
      await refused((tx) => seedAgencies(tx, [agency({ staff: [twice, { ...twice, name: 'Sam Seed again' }] })]), AGENCY_MESSAGES.emailTaken);
    });

    it('a good entry is loaded whole, as the console would add it', async () => {
      await app().db.transaction(async (tx) => {
        await seedPromotions(tx, [promotion({ code: 'seed-good ' })], today);
        await seedAgencies(tx, [agency({ code: 'ag9001', staff: [{ name: ' Sam Seed ', email: ' Sam.Seed@Seed.Example ' }] })]);
      });
      const { items: codes } = await get<{ items: StaffPromotion[] }>('/promotions');
      expect(codes.find((item) => item.code === 'SEED-GOOD')).toMatchObject({ valid_from: today, valid_to: addDays(today, 30), amounts: prices(5, 5, 5) });
      const [row] = await app().db.select({ id: agents.id }).from(agents).where(inArray(agents.code, ['AG9001'])).orderBy(asc(agents.id));
      const page = await get<StaffAgencyPage>(`/agencies/${row!.id}`);
      expect(page.staff).toMatchObject([{ name: 'Sam Seed', email: 'sam.seed@seed.example', active: true }]);
    });
  });
});
