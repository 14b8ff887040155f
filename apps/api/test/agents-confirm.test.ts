import { randomUUID } from 'node:crypto';
import { agencySettlesBalanceRefusal, formatAmount, SCREEN_TEXT, VALIDATION } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxMail, createSmtpMail } from '../src/adapters/mail/index.ts';
import { allocations, auditLog, bookings, customers, documents, outboxMessages, paymentIntents, payments } from '../src/db/schema/index.ts';
import { drawDocumentById, TEMPLATES } from '../src/modules/documents/index.ts';
import { relayOutbox } from '../src/modules/mail/index.ts';
import { accountTestServer, cardPaymentRequest, requestAccountToken } from './account-fixtures.ts';
import { agentConfirm, JANE, makeAgentBooking, registerAgentOn, verified } from './agents-fixtures.ts';
import { lead } from './booking-fixtures.ts';
import { expectApiError } from './helper.ts';
import { readPdf } from './pdf-reading.ts';
import { bookSicily, plentyOfSingleRooms, SICILY } from './payment-fixtures.ts';

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

describe('an agent’s confirmation without payment', () => {
  const { app, headersFor } = accountTestServer();
  const db = () => app().db;
  beforeAll(async () => plentyOfSingleRooms(app()));

  /** A Sicily booking for a client, booked by Jane Holt of Wanderlust Travel, ready to confirm. */
  async function agentBooking(register: 'agent and staff' | 'agent only' | 'nobody' = 'agent and staff') {
    const email = uniqueEmail('client');
    const { booking, totals } = await bookSicily(app(), { ...SICILY, passengers: [{ ...lead, email }] });
    const jane = await verified(app(), JANE);
    if (register === 'agent and staff') await makeAgentBooking(app(), booking, jane);
    if (register === 'agent only') expect((await registerAgentOn(app(), booking, { id: 'AG1001', verification: jane.verification.token })).statusCode).toBe(200);
    return { booking, totals, email, jane };
  }
  const bookingRow = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const mailFor = (id: number) => db().select().from(outboxMessages).where(eq(outboxMessages.bookingId, id));
  const auditOf = (id: number, action: string) => db().select().from(auditLog).where(and(eq(auditLog.bookingId, id), eq(auditLog.action, action)));

  it('is refused for a booking without a verified agent and staff member', async () => {
    for (const register of ['nobody', 'agent only'] as const) {
      const { booking } = await agentBooking(register);
      const response = await agentConfirm(app(), booking);
      expectApiError(response, 409, 'CONFLICT');
      expect(response.json().error.message).toBe(
        'Only a booking made by a verified travel agent and staff member can be confirmed without payment. Please verify your agent details first.',
      );
      expect(await bookingRow(booking.id)).toMatchObject({ status: 'Quote', reference: null });
      expect(await mailFor(booking.id)).toEqual([]);
    }
  });

  it('is refused without the agent terms accepted, or another action', async () => {
    const { booking } = await agentBooking();
    for (const body of [{ action: 'confirm' }, { action: 'confirm', agent_terms_accepted: false }]) {
      const response = await agentConfirm(app(), booking, body);
      expectApiError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().error.fields).toEqual({ agent_terms_accepted: VALIDATION.agentTermsRequired });
    }
    expectApiError(await agentConfirm(app(), booking, { action: 'cancel', agent_terms_accepted: true }), 400, 'VALIDATION_FAILED');
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Quote', reference: null });
  });

  it('is refused without a booking token, and another booking’s token confirms only that booking', async () => {
    const { booking } = await agentBooking();
    const other = await agentBooking('nobody');
    expectApiError(await agentConfirm(app(), { headers: {} as { authorization: string } }), 401, 'UNAUTHORIZED');
    expectApiError(await agentConfirm(app(), other.booking), 409, 'CONFLICT');
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'Quote', reference: null });
  });

  it('confirms without payment: places sold, a reference, the client a customer, the agent in the audit log, the e-mail copied to the staff member', async () => {
    const { booking, totals, email, jane } = await agentBooking();
    const response = await agentConfirm(app(), booking);
    expect(response.statusCode, response.body).toBe(200);
    const outcome = response.json().data;
    expect(outcome).toEqual({ status: 'confirmed', reference: expect.stringMatching(/^MER-\d{6}$/), booking_status: 'Confirmed' });

    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ status: 'Confirmed', reference: outcome.reference, agentStaffId: jane.staff.Id, needsAttention: false });
    const [customer] = await db().select().from(customers).where(eq(customers.email, email));
    expect(row.customerId).toBe(customer!.id);
    const held = await db().select({ state: allocations.state }).from(allocations).where(eq(allocations.bookingId, booking.id));
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((allocation) => allocation.state === 'sold')).toBe(true);
    expect(await db().select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);

    const actor = `agent:AG1001:${jane.staff.Id}`;
    const [confirmed] = await auditOf(booking.id, 'booking.confirmed');
    expect(confirmed).toMatchObject({ actor, detail: expect.objectContaining({ reference: outcome.reference, purpose: null, paymentId: null, confirmationEmailQueued: true }) });
    const [byAgent] = await auditOf(booking.id, 'booking.agent_confirmed');
    expect(byAgent).toMatchObject({
      actor,
      detail: { agentId: row.agentId, agentCode: 'AG1001', agentName: 'Wanderlust Travel Ltd', staffId: jane.staff.Id, staffName: 'Jane Holt', agentTermsAccepted: true },
    });

    const [mail, ...more] = await mailFor(booking.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ toAddress: email, ccAddress: JANE.email, messageKey: `booking-confirmed:${booking.id}` });
    expect(mail!.subject).toContain(outcome.reference);
    // Nothing was paid: the e-mail shows the whole total as the balance, which the agency settles, and never offers the client to pay it.
    const balance = formatAmount(totals.total, 'GBP', { pence: 'always' });
    expect(mail!.bodyText).toContain(`Balance due: ${balance}, settled through Wanderlust Travel Ltd`);
    expect(mail!.bodyText).toContain(`The balance of ${balance} is settled through Wanderlust Travel Ltd.`);
    expect(mail!.bodyText).toContain(SCREEN_TEXT.agentRates);
    expect(mail!.bodyText).toContain('Your travel agent, Wanderlust Travel Ltd, made it for you.');
    for (const part of [mail!.bodyText, mail!.bodyHtml ?? '']) {
      expect(part).not.toContain('payable before you travel');
      expect(part).not.toMatch(/pay (it|the balance)/i);
    }
    expect(mail!.bodyHtml).toContain('settled through Wanderlust Travel Ltd');
    // The confirmation PDF the e-mail carries tells the same story: the agency settles, nothing to pay online.
    const [confirmation] = await db().select().from(documents).where(and(eq(documents.bookingId, booking.id), eq(documents.template, TEMPLATES.bookingConfirmation)));
    const file = await drawDocumentById(db(), confirmation!.id, { now: new Date(), balanceDueDays: app().config.balances.dueDays });
    const pdf = (await readPdf(file!.content)).text;
    expect(pdf).toContain('settled through Wanderlust Travel Ltd');
    expect(pdf).not.toContain('Make a payment');

    await relayOutbox(db(), createSandboxMail(), new Date(Date.now() + 1000));
    const mailbox = await app().inject({ method: 'GET', url: '/dev/mailbox.json' });
    const sent = (mailbox.json().data.items as { booking_id: number; to: string; cc: string | null }[]).find((item) => item.booking_id === booking.id);
    expect(sent).toMatchObject({ to: email, cc: JANE.email });
    const page = await app().inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain(`<dt>Cc</dt><dd>${JANE.email}</dd>`);
  });

  it('answers a replayed confirmation as it stands: one confirmation, one e-mail', async () => {
    const { booking } = await agentBooking();
    const first = await agentConfirm(app(), booking);
    expect(first.statusCode, first.body).toBe(200);
    const again = await agentConfirm(app(), booking);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await mailFor(booking.id)).toHaveLength(1);
    expect(await auditOf(booking.id, 'booking.confirmed')).toHaveLength(1);
    expect(await auditOf(booking.id, 'booking.agent_confirmed')).toHaveLength(1);
  });

  it('confirms once when confirmations race', async () => {
    const { booking } = await agentBooking();
    const answers = await Promise.all(Array.from({ length: 4 }, () => agentConfirm(app(), booking)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const references = new Set(answers.map((answer) => answer.json().data.reference));
    expect(references.size).toBe(1);
    expect((await bookingRow(booking.id)).reference).toBe([...references][0]);
    const mail = await mailFor(booking.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.ccAddress).toBe(JANE.email);
    expect(await auditOf(booking.id, 'booking.confirmed')).toHaveLength(1);
    expect(await auditOf(booking.id, 'booking.agent_confirmed')).toHaveLength(1);
  });

  it('shows the booking in the client’s account, with the whole total outstanding for the agent to settle', async () => {
    const { booking, totals, email } = await agentBooking();
    const confirmed = await agentConfirm(app(), booking);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const headers = await headersFor(email);
    const profile = await app().inject({ method: 'GET', url: '/api/account/profile', headers });
    expect(profile.statusCode, profile.body).toBe(200);
    const list = await app().inject({ method: 'GET', url: '/api/account/bookings', headers });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().data.items as { id: number }[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: booking.id,
      booking_reference: confirmed.json().data.reference,
      status: 'Confirmed',
      total_price: { value: totals.total, currency_code: 'GBP' },
      outstanding_balance: { value: totals.total, currency: 'GBP' },
    });
    const detail = await app().inject({ method: 'GET', url: `/api/account/bookings/${booking.id}`, headers });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.booking).toMatchObject({ id: booking.id, outstanding_balance: { value: totals.total, currency: 'GBP' }, agency: 'Wanderlust Travel Ltd' });
    expect(items[0]).toMatchObject({ agency: 'Wanderlust Travel Ltd' });
  });

  it('refuses the client a payment of the balance the agency settles, for the whole balance or part of it', async () => {
    const { booking, totals, email } = await agentBooking();
    expect((await agentConfirm(app(), booking)).statusCode).toBe(200);
    const headers = await headersFor(email);
    for (const amount of [totals.total, 10_000]) {
      const refused = await requestAccountToken(app(), headers, booking.id, cardPaymentRequest(booking.id, amount));
      expectApiError(refused, 409, 'CONFLICT');
      expect(refused.json().error.message).toBe(agencySettlesBalanceRefusal('Wanderlust Travel Ltd'));
    }
    // Nothing was asked of the card provider.
    expect(await db().select().from(paymentIntents).where(eq(paymentIntents.bookingId, booking.id))).toEqual([]);
  });

  it('copies the e-mail through SMTP too', async () => {
    const transporter = nodemailer.createTransport({ jsonTransport: true });
    const sendMail = vi.spyOn(transporter, 'sendMail');
    const mail = createSmtpMail({ url: 'smtp://localhost:2525', from: 'Bookings <bookings@example.com>', transporter });
    await mail.send({ to: 'client@example.com', cc: JANE.email, subject: 'Your booking MER-123456 is confirmed', text: 'Hello' });
    await mail.send({ to: 'client@example.com', cc: null, subject: 'Another', text: 'Hello' });
    expect(sendMail.mock.calls.map(([message]) => message.cc)).toEqual([JANE.email, undefined]);
    const sent = JSON.parse(String((await sendMail.mock.results[0]!.value).message));
    expect(sent.cc).toEqual([{ address: JANE.email, name: '' }]);
    await mail.close();
  });
});
