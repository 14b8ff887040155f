import { PROMOTION_MESSAGES, promotionEtag, STAFF_REASON_MESSAGES, VALIDATION } from '@tours/domain';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, promotions } from '../src/db/schema/index.ts';
import { addDays } from '../src/db/seed/dates.ts';
import { build, expectApiError, today } from './helper.ts';
import { bookSicily, plentyOfSingleRooms } from './payment-fixtures.ts';
import { newPromotion, uniqueCode } from './promotion-agency-fixtures.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';

/** Staff managing promotional codes (catalogue.edit): 409 on a taken code, If-Match against lost updates, audited, usage shown, never deleted once used. */
describe('staff: promotional codes', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const app = () => server.app;
  const REASON = 'Autumn campaign';
  const none = { GBP: null, USD: null, AUD: null };
  const terms = {
    description: 'Autumn offer',
    discount_type: 'amount',
    amounts: { GBP: 2_500, USD: 3_000, AUD: null },
    percent: null,
    valid_from: addDays(today(), -1),
    valid_to: addDays(today(), 60),
    tour_codes: ['tsg-sic', 'MHW-VIE'],
    max_uses: 100,
    max_uses_per_customer: 1,
  };

  const add = (caller: StaffCaller, payload: object) => app().inject({ method: 'POST', url: '/api/staff/promotions', headers: caller.headers, payload });
  const read = (caller: StaffCaller, id: number) => app().inject({ method: 'GET', url: `/api/staff/promotions/${id}`, headers: caller.headers });
  const list = async (caller: StaffCaller) => (await app().inject({ method: 'GET', url: '/api/staff/promotions', headers: caller.headers })).json().data.items as { id: number; code: string; uses: number; on_bookings: number }[];
  const change = (caller: StaffCaller, id: number, payload: object, ifMatch?: string) =>
    app().inject({ method: 'PATCH', url: `/api/staff/promotions/${id}`, headers: { ...caller.headers, ...(ifMatch ? { 'if-match': ifMatch } : {}) }, payload });
  const remove = (caller: StaffCaller, id: number, ifMatch: string) =>
    app().inject({ method: 'POST', url: `/api/staff/promotions/${id}/delete`, headers: { ...caller.headers, 'if-match': ifMatch }, payload: { reason: 'Never used' } });
  const lastAudit = async (id: number) =>
    (await app().db.select().from(auditLog).where(and(eq(auditLog.entityType, 'promotion'), eq(auditLog.entityId, String(id)))).orderBy(desc(auditLog.id)).limit(1))[0]!;

  it('adds a code upper case with its terms, answers its ETag, audits it, and refuses a taken code with 409 on the field', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const code = uniqueCode('autumn');
    const response = await add(catalogue, { code: ` ${code.toLowerCase()} `, ...terms, reason: REASON });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ code, discount_type: 'amount', amounts: { GBP: 2_500, USD: 3_000, AUD: null }, percent: null, tour_codes: ['MHW-VIE', 'TSG-SIC'], max_uses: 100, max_uses_per_customer: 1, active: true, uses: 0, on_bookings: 0, version: 1 });
    expect(response.headers.etag).toBe(promotionEtag(data));
    expect(await lastAudit(data.id)).toMatchObject({ staffMemberId: catalogue.member.id, action: 'promotion.added', reason: REASON, before: null, after: { code, amounts: { GBP: 2_500, USD: 3_000, AUD: null } } });

    const again = await add(catalogue, { code: code.toLowerCase(), ...terms, reason: REASON });
    expectApiError(again, 409, 'CONFLICT');
    expect(again.json().error.fields).toEqual({ code: PROMOTION_MESSAGES.codeTaken });
  });

  it('refuses bad terms with the field at fault, never a 500', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const bad = await add(catalogue, { code: 'x!', ...terms, amounts: { GBP: -5, USD: 1.5, AUD: null }, valid_from: '2026-13-01', tour_codes: ['not a code'], max_uses: 0, reason: 'ok' });
    expectApiError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().error.fields).toEqual({
      code: PROMOTION_MESSAGES.codeFormat,
      'amounts.GBP': PROMOTION_MESSAGES.amountPositive,
      'amounts.USD': PROMOTION_MESSAGES.amountPositive,
      valid_from: VALIDATION.dateFormat,
      'tour_codes.0': PROMOTION_MESSAGES.tourCodeFormat,
      max_uses: PROMOTION_MESSAGES.limitFormat,
      reason: STAFF_REASON_MESSAGES.tooShort,
    });
    const rules = await add(catalogue, { code: uniqueCode(), ...terms, amounts: none, valid_to: addDays(today(), -2), max_uses: 1, max_uses_per_customer: 2, reason: REASON });
    expect(rules.json().error.fields).toEqual({
      'amounts.GBP': PROMOTION_MESSAGES.amountRequired,
      valid_to: PROMOTION_MESSAGES.datesOrdered,
      max_uses_per_customer: PROMOTION_MESSAGES.perCustomerAboveTotal,
    });
    const percent = await add(catalogue, { code: uniqueCode(), ...terms, discount_type: 'percentage', percent: 101, reason: REASON });
    expect(percent.json().error.fields).toEqual({ percent: PROMOTION_MESSAGES.percentRequired });
  });

  it('changes terms with If-Match: 428 without, 412 when stale, the rules checked on the result, audited before and after', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const admin = await staffSession(app(), ['admin']);
    const promotion = await newPromotion(app());
    expectApiError(await change(catalogue, promotion.id, { percent: 15, discount_type: 'percentage', reason: REASON }), 428, 'PRECONDITION_REQUIRED');

    const first = await change(catalogue, promotion.id, { discount_type: 'percentage', percent: 15, reason: REASON }, promotion.etag);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ discount_type: 'percentage', percent: 15, amounts: none, version: 2 });
    expect(first.headers.etag).toBe(promotionEtag({ id: promotion.id, version: 2 }));
    expect(await lastAudit(promotion.id)).toMatchObject({
      action: 'promotion.changed',
      reason: REASON,
      before: { discount_type: 'amount', percent: null, amounts: { GBP: 1_000, USD: 1_000, AUD: 1_000 } },
      after: { discount_type: 'percentage', percent: 15, amounts: none },
    });

    const stale = await change(admin, promotion.id, { max_uses: 5, reason: 'Fewer uses' }, promotion.etag);
    expectApiError(stale, 412, 'PRECONDITION_FAILED');
    expect(stale.json().error.message).toBe(PROMOTION_MESSAGES.stale);
    expect((await read(admin, promotion.id)).json().data).toMatchObject({ max_uses: null, percent: 15 });

    const current = first.headers.etag as string;
    const broken = await change(catalogue, promotion.id, { valid_to: addDays(today(), -5), reason: REASON }, current);
    expect(broken.json().error.fields).toEqual({ valid_to: PROMOTION_MESSAGES.datesOrdered });
  });

  it('shows how many bookings use a code, deactivates it so visitors cannot use it, and never deletes a used one', async () => {
    await plentyOfSingleRooms(app());
    const catalogue = await staffSession(app(), ['catalogue']);
    const promotion = await newPromotion(app());
    const unused = await newPromotion(app());
    const { booking } = await bookSicily(app());
    expect((await app().inject({ method: 'POST', url: '/api/bookings/promotion', headers: booking.headers, payload: { code: promotion.code } })).statusCode).toBe(200);

    const listed = await list(catalogue);
    expect(listed.find((row) => row.id === promotion.id)).toMatchObject({ uses: 1, on_bookings: 1 });
    expect(listed.find((row) => row.id === unused.id)).toMatchObject({ uses: 0, on_bookings: 0 });
    expect((await read(catalogue, promotion.id)).json().data).toMatchObject({ uses: 1, on_bookings: 1 });

    const refused = await remove(catalogue, promotion.id, promotion.etag);
    expectApiError(refused, 409, 'CONFLICT');
    expect(refused.json().error.message).toBe(PROMOTION_MESSAGES.usedCannotDelete);

    const off = await change(catalogue, promotion.id, { active: false, reason: 'Campaign over' }, promotion.etag);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ active: false, uses: 1 });
    expect(await lastAudit(promotion.id)).toMatchObject({ action: 'promotion.deactivated', before: { active: true }, after: { active: false }, reason: 'Campaign over' });
    const later = await bookSicily(app());
    const tried = await app().inject({ method: 'POST', url: '/api/bookings/promotion', headers: later.booking.headers, payload: { code: promotion.code } });
    expect(tried.json().error.fields).toEqual({ code: VALIDATION.promoInvalid });

    const deleted = await remove(catalogue, unused.id, unused.etag);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await app().db.select().from(promotions).where(eq(promotions.id, unused.id))).toEqual([]);
    expect(await lastAudit(unused.id)).toMatchObject({ action: 'promotion.deleted', after: null, before: { code: unused.code } });
  });

  it('is refused to roles without catalogue.edit', async () => {
    const finance = await staffSession(app(), ['finance']);
    expectApiError(await app().inject({ method: 'GET', url: '/api/staff/promotions', headers: finance.headers }), 403, 'FORBIDDEN');
    const admin = await staffSession(app(), ['admin']);
    expect((await app().inject({ method: 'GET', url: '/api/staff/promotions', headers: admin.headers })).statusCode).toBe(200);
  });
});
