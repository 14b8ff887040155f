import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings } from '../src/db/schema/index.ts';
import { agentConfirm, JANE, MARCUS, PRIYA, registerAgentOn, registerStaffOn, verified } from './agents-fixtures.ts';
import { createBooking, lead } from './booking-fixtures.ts';
import { build, expectApiError, testClock } from './helper.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms } from './payment-fixtures.ts';

const VERIFICATION_INVALID = 'Your travel agent verification has expired or is not valid. Please verify your agent details again.';

describe('registering a travel agent and staff member on a booking', () => {
  const clock = testClock();
  // The shortest verification there is (a minute), so one can lapse within a booking session.
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0', AGENT_VERIFICATION_TTL_SECONDS: '60' }, clock });
  const app = () => server.app;
  const sicily = () => createBooking(app(), { code: 'TSG-SIC', startsInDays: 120 });
  const agentOf = async (bookingId: number) =>
    (await app().db.select({ agentId: bookings.agentId, agentStaffId: bookings.agentStaffId }).from(bookings).where(eq(bookings.id, bookingId)))[0]!;

  it('registers the verified agent, then its verified staff member, making it an agent booking, with the audit log saying who', async () => {
    const booking = await sicily();
    const jane = await verified(app(), JANE);
    const agent = await registerAgentOn(app(), booking, { id: 'ag1001', verification: jane.verification.token });
    expect(agent.statusCode, agent.body).toBe(200);
    expect(agent.json()).toEqual({ data: { ID: 'AG1001', Name: 'Wanderlust Travel Ltd' } });
    const staff = await registerStaffOn(app(), booking, { id: jane.staff.Id, verification: jane.verification.token });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json()).toEqual({ data: { Id: jane.staff.Id, Name: 'Jane Holt', Email: JANE.email } });

    const registered = await agentOf(booking.id);
    expect(registered.agentId).not.toBeNull();
    expect(registered.agentStaffId).toBe(jane.staff.Id);
    const audit = await app().db.select().from(auditLog).where(eq(auditLog.bookingId, booking.id));
    const actions = audit.filter((row) => row.action.startsWith('booking.agent')).map((row) => [row.action, row.actor]);
    expect(actions).toEqual([
      ['booking.agent_registered', `agent:AG1001:${jane.staff.Id}`],
      ['booking.agent_staff_registered', `agent:AG1001:${jane.staff.Id}`],
    ]);
    // Registering again is harmless: the same agent keeps its staff member.
    expect((await registerAgentOn(app(), booking, { id: 'AG1001', verification: jane.verification.token })).statusCode).toBe(200);
    expect((await agentOf(booking.id)).agentStaffId).toBe(jane.staff.Id);
  });

  it('refuses without the booking’s token', async () => {
    const jane = await verified(app(), JANE);
    expectApiError(await registerAgentOn(app(), { headers: {} as { authorization: string } }, { id: 'AG1001', verification: jane.verification.token }), 401, 'UNAUTHORIZED');
    expectApiError(await registerStaffOn(app(), { headers: { authorization: 'Bearer nonsense' } }, { id: jane.staff.Id, verification: jane.verification.token }), 401, 'UNAUTHORIZED');
  });

  it('refuses the agent without a verification, with a made-up one, or with one for another agent', async () => {
    const booking = await sicily();
    const marcus = await verified(app(), MARCUS);
    expectApiError(await registerAgentOn(app(), booking, { id: 'AG1001' }), 400, 'VALIDATION_FAILED');
    expectApiError(await registerAgentOn(app(), booking, { id: 'AG1001', verification: '' }), 400, 'VALIDATION_FAILED');
    for (const verification of ['not-a-token', 'A'.repeat(43), marcus.verification.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) {
      const response = await registerAgentOn(app(), booking, { id: 'AG1001', verification });
      expectApiError(response, 403, 'FORBIDDEN');
      expect(response.json().error.message).toBe(VERIFICATION_INVALID);
    }
    const another = await registerAgentOn(app(), booking, { id: 'AG1001', verification: marcus.verification.token });
    expectApiError(another, 403, 'FORBIDDEN');
    expect(another.json().error.message).toBe('This verification is for another travel agent.');
    expect((await agentOf(booking.id)).agentId).toBeNull();
  });

  it('refuses the staff member before the agent, with another staff member’s verification, or one of another agent', async () => {
    const booking = await sicily();
    const [jane, marcus, priya] = [await verified(app(), JANE), await verified(app(), MARCUS), await verified(app(), PRIYA)];
    const first = await registerStaffOn(app(), booking, { id: jane.staff.Id, verification: jane.verification.token });
    expectApiError(first, 409, 'CONFLICT');
    expect(first.json().error.message).toBe('Register the travel agent on this booking first.');

    expect((await registerAgentOn(app(), booking, { id: 'AG1001', verification: jane.verification.token })).statusCode).toBe(200);
    // Marcus's verification naming Jane's id, or Marcus (Grand Tour) on Wanderlust's booking.
    const named = await registerStaffOn(app(), booking, { id: jane.staff.Id, verification: marcus.verification.token });
    expectApiError(named, 403, 'FORBIDDEN');
    expect(named.json().error.message).toBe('This verification is for another staff member.');
    const otherAgent = await registerStaffOn(app(), booking, { id: marcus.staff.Id, verification: marcus.verification.token });
    expectApiError(otherAgent, 403, 'FORBIDDEN');
    expect(otherAgent.json().error.message).toBe('This staff member does not belong to the travel agent registered on this booking.');
    expect((await agentOf(booking.id)).agentStaffId).toBeNull();

    // Switching the booking to Grand Tour clears Jane; then Priya can be registered, and an agent confirmation names her.
    expect((await registerStaffOn(app(), booking, { id: jane.staff.Id, verification: jane.verification.token })).statusCode).toBe(200);
    expect((await registerAgentOn(app(), booking, { id: 'AG1002', verification: priya.verification.token })).statusCode).toBe(200);
    expect((await agentOf(booking.id)).agentStaffId).toBeNull();
    expect((await registerStaffOn(app(), booking, { id: priya.staff.Id, verification: priya.verification.token })).statusCode).toBe(200);
    expect((await agentOf(booking.id)).agentStaffId).toBe(priya.staff.Id);
  });

  it('registers on the booking whose token is sent, never on another', async () => {
    const [mine, theirs] = [await sicily(), await sicily()];
    const jane = await verified(app(), JANE);
    expect((await registerAgentOn(app(), theirs, { id: 'AG1001', verification: jane.verification.token })).statusCode).toBe(200);
    expect((await agentOf(mine.id)).agentId).toBeNull();
    expect((await agentOf(theirs.id)).agentId).not.toBeNull();
  });

  it('refuses a verification that has expired', async () => {
    const booking = await sicily();
    const jane = await verified(app(), JANE);
    clock.advance(61);
    const response = await registerAgentOn(app(), booking, { id: 'AG1001', verification: jane.verification.token });
    expectApiError(response, 403, 'FORBIDDEN');
    expect(response.json().error.message).toBe(VERIFICATION_INVALID);
  });

  it('refuses to change the agent of a booking already confirmed, and an agent confirmation of a booking paid by card', async () => {
    await plentyOfSingleRooms(app());
    const { booking, totals } = await bookSicily(app(), { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] });
    const paid = await confirm(app(), booking, await payToken(app(), (await openPayment(app(), booking, totals.deposit)).token));
    expect(paid.statusCode, paid.body).toBe(200);
    const jane = await verified(app(), JANE);
    const agent = await registerAgentOn(app(), booking, { id: 'AG1001', verification: jane.verification.token });
    expectApiError(agent, 409, 'CONFLICT');
    expect(agent.json().error.message).toBe('This booking is already confirmed: its travel agent can no longer be changed.');
    expectApiError(await registerStaffOn(app(), booking, { id: jane.staff.Id, verification: jane.verification.token }), 409, 'CONFLICT');
    expectApiError(await agentConfirm(app(), booking), 409, 'CONFLICT');
    expect(await app().db.select().from(auditLog).where(and(eq(auditLog.bookingId, booking.id), eq(auditLog.action, 'booking.agent_registered')))).toEqual([]);
  });
});
