import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSmtpMail, MailDeliveryError, type MailMessage, type MailPort } from '../src/adapters/mail/index.ts';
import { smtpTransportOptions, SMTP_TIMEOUTS } from '../src/adapters/mail/smtp.ts';
import type { DatabaseConnection } from '../src/db/client.ts';
import { outboxMessages, type OutboxAttachment } from '../src/db/schema/index.ts';
import { enqueueMail, relayOutbox } from '../src/modules/mail/index.ts';
import { retryDelayMs } from '../src/modules/mail/relay.ts';
import { agentConfirm, JANE, makeAgentBooking, verified } from './agents-fixtures.ts';
import { lead } from './booking-fixtures.ts';
import { build, buildTestApp, createTestDatabase } from './helper.ts';
import { bookSicily, plentyOfSingleRooms, SICILY } from './payment-fixtures.ts';
import { readPdf } from './pdf-reading.ts';
import { startTestSmtpServer, type Behaviour, type TestSmtpServer } from './smtp-test-server.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * The SMTP adapter and the outbox relay against a real SMTP server on
 * 127.0.0.1 (smtp-server), configured as production is (MAIL_PROVIDER=smtp,
 * SMTP_URL, MAIL_FROM), with short timeouts in SMTP_URL so a stalled server
 * costs a few seconds. The relay runs only when a test runs it, at a time the test
 * chooses, so backoff is checked without waiting for it.
 */

const FROM = 'Meridian Escorted Tours <bookings@meridian-tours.example>';
// No STARTTLS on the plain test server: TLS is turned off explicitly, as nothing but a local server may.
const plainUrl = (port: number) => `smtp://127.0.0.1:${port}?requireTLS=false&greetingTimeout=2000&connectionTimeout=3000&socketTimeout=3000`;
const smtpEnv = (port: number) => ({ MAIL_PROVIDER: 'smtp', SMTP_URL: plainUrl(port), MAIL_FROM: FROM, MAIL_RELAY_INTERVAL_MS: '0', HOLD_SWEEP_INTERVAL_MS: '0' });
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const subjectsOf = (smtp: TestSmtpServer) => smtp.received.map((mail) => mail.parsed.subject);

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());

describe('e-mail through a real SMTP server', () => {
  const server = build({ env: smtpEnv(smtp.port) });
  const app = () => server.app;
  const row = async (id: number) => (await app().db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
  /** Each test moves the relay's time on from where the last left it, past every retry the last one scheduled. */
  let now = new Date(Date.now() + 1000);
  const later = (ms: number) => (now = new Date(now.getTime() + ms + 1));
  const relay = (port: MailPort = app().adapters.mail) => relayOutbox(app().db, port, now);
  let pdf: OutboxAttachment;

  /** A Sicily booking for a client, made by Jane Holt of Wanderlust Travel and confirmed by her without payment: its e-mail goes to the client, copied to Jane, with the confirmation PDF. */
  async function agentConfirmedBooking() {
    const email = uniqueEmail('client');
    const { booking } = await bookSicily(app(), { ...SICILY, passengers: [{ ...lead, email }] });
    await makeAgentBooking(app(), booking, await verified(app(), JANE));
    const response = await agentConfirm(app(), booking);
    expect(response.statusCode, response.body).toBe(200);
    const [message] = await app().db.select().from(outboxMessages).where(eq(outboxMessages.bookingId, booking.id));
    return { email, reference: response.json().data.reference as string, message: message! };
  }
  const queue = (subject: string, attachments: OutboxAttachment[] = [pdf]) =>
    app().db.transaction(async (tx) => (await enqueueMail(tx, { to: 'guest@example.com', cc: JANE.email, subject, text: `Hello from ${subject}`, attachments, messageKey: subject }))!);

  beforeAll(async () => plentyOfSingleRooms(app()));
  beforeEach(() => {
    smtp.otherwise('accept');
    later(retryDelayMs(100));
  });

  it('delivers the confirmation e-mail with its cc and the booking confirmation PDF intact, once', async () => {
    const { email, reference, message } = await agentConfirmedBooking();
    pdf = message.attachments[0]!;
    const handed: MailMessage[] = [];
    const port = app().adapters.mail;
    expect(port.provider).toBe('smtp');
    const watched: MailPort = { ...port, send: (mail) => (handed.push(mail), port.send(mail)) };

    expect(await relay(watched)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await row(message.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const arrived = smtp.received.filter((mail) => mail.parsed.subject === `Your booking ${reference} is confirmed`);
    expect(arrived).toHaveLength(1);
    const [{ parsed, envelope }] = arrived as [(typeof arrived)[number]];
    expect(envelope).toEqual({ from: 'bookings@meridian-tours.example', to: [email, JANE.email] });
    expect(parsed.from?.value).toEqual([{ name: 'Meridian Escorted Tours', address: 'bookings@meridian-tours.example' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: email }] });
    expect(parsed.cc).toMatchObject({ value: [{ address: JANE.email }] });
    expect(parsed.messageId).toMatch(new RegExp(`^<outbox-${message.id}\\.[0-9a-z]+@meridian-tours\\.example>$`));
    expect(parsed.text?.trimEnd()).toBe(message.bodyText.trimEnd());
    expect(parsed.html).toBeTruthy();

    expect(parsed.attachments).toHaveLength(1);
    const [file] = parsed.attachments;
    expect(file).toMatchObject({ filename: `${reference}-booking-confirmation.pdf`, contentType: 'application/pdf', contentDisposition: 'attachment' });
    // Byte for byte what the relay drew and handed over.
    expect(Buffer.compare(file!.content, handed[0]!.attachments![0]!.content)).toBe(0);
    expect(file!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await readPdf(file!.content)).text).toContain(`Booking reference ${reference}`);

    // Nothing is left to send.
    later(retryDelayMs(100));
    expect(await relay()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(subjectsOf(smtp).filter((subject) => subject === `Your booking ${reference} is confirmed`)).toHaveLength(1);
  });

  it('retries with backoff through a refusal for now, a connection cut mid-message and a silent server, then delivers once', async () => {
    const id = await queue('through the outage');
    const connections = smtp.connections;
    smtp.next('temporary', 'drop', 'stall');
    const start = now.getTime();

    expect(await relay()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const first = await row(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('451') });
    expect(first.availableAt.getTime()).toBe(start + retryDelayMs(1));
    // Not due yet: the server is left alone.
    later(retryDelayMs(1) - 1000);
    expect(await relay()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.connections).toBe(connections + 1);

    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      now = new Date((await row(id)).availableAt.getTime() + 1);
      const result = await relay();
      outcomes.push(result.sent ? 'sent' : `retried after ${(await row(id)).lastError}`);
    }
    expect(outcomes).toEqual([expect.stringMatching(/^retried after .*(closed|ECONNRESET|socket)/i), expect.stringMatching(/^retried after .*greeting/i), 'sent']);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 4, lastError: null });
    expect(smtp.connections).toBe(connections + 4);

    const arrived = smtp.received.filter((mail) => mail.parsed.subject === 'through the outage');
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.parsed.cc).toMatchObject({ value: [{ address: JANE.email }] });
    expect(arrived[0]!.parsed.attachments.map((file) => [file.filename, file.content.subarray(0, 5).toString('latin1')])).toEqual([[pdf.filename, '%PDF-']]);
  });

  it('takes its time with a slow server without sending twice', async () => {
    const id = await queue('slow but sure');
    smtp.next('slow');
    expect(await relay()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(subjectsOf(smtp).filter((subject) => subject === 'slow but sure')).toHaveLength(1);
  });

  it('gives up a message the server refuses for good, at once', async () => {
    const unknown = await queue('unknown mailbox', []);
    const refused = await queue('refused message', []);
    smtp.next('rejected-recipient', 'rejected-message');
    expect(await relay()).toEqual({ sent: 0, retried: 0, failed: 2 });
    expect(await row(unknown)).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('550 5.1.1 Mailbox unavailable') });
    expect(await row(refused)).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('554 5.6.0 Message refused') });

    const connections = smtp.connections;
    later(retryDelayMs(100));
    expect(await relay()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.connections).toBe(connections);
    expect(subjectsOf(smtp)).not.toContain('unknown mailbox');
    expect(subjectsOf(smtp)).not.toContain('refused message');
  });
});

describe('the relay running in the background', () => {
  const server = build({ env: { ...smtpEnv(smtp.port), MAIL_RELAY_INTERVAL_MS: '25' } });

  it('reports a message given up in the error log, for staff to look at', async () => {
    const errors = vi.spyOn(server.app.log, 'error');
    smtp.next('rejected-recipient');
    const id = await server.app.db.transaction(async (tx) => (await enqueueMail(tx, { to: 'nobody@example.com', subject: 'refused in the background', text: 'Hello' }))!);
    await vi.waitFor(() => expect(errors).toHaveBeenCalledWith({ sent: 0, retried: 0, failed: 1 }, expect.stringContaining('see outbox_messages with status failed')), { timeout: 5_000, interval: 25 });
    const [row] = await server.app.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('550') });
  });
});

describe('TLS and sign-in', () => {
  let secure: TestSmtpServer;
  beforeAll(async () => (secure = await startTestSmtpServer({ tls: { user: 'bookings', pass: 's3cret:and more' } })));
  afterAll(() => secure?.close());
  const message: MailMessage = { to: 'guest@example.com', subject: 'Over TLS', text: 'Hello' };

  it('reads SMTP_URL over bounded timeouts, and requires STARTTLS unless the URL turns it off', () => {
    expect(smtpTransportOptions('smtp://user:pa%3Ass@mail.example:587')).toMatchObject({ ...SMTP_TIMEOUTS, host: 'mail.example', port: 587, secure: false, requireTLS: true, auth: { user: 'user' } });
    expect(smtpTransportOptions('smtps://mail.example:465')).toMatchObject({ secure: true, requireTLS: false });
    expect(smtpTransportOptions('smtp://127.0.0.1:2525?requireTLS=false&socketTimeout=2000')).toMatchObject({ requireTLS: false, socketTimeout: 2000, greetingTimeout: SMTP_TIMEOUTS.greetingTimeout });
  });

  it('signs in over STARTTLS with the credentials in SMTP_URL', async () => {
    const mail = createSmtpMail({ url: `smtp://bookings:${encodeURIComponent('s3cret:and more')}@127.0.0.1:${secure.port}?tls.rejectUnauthorized=false`, from: FROM });
    await mail.send(message);
    await mail.close();
    expect(secure.received).toHaveLength(1);
    expect(secure.received[0]).toMatchObject({ secure: true, user: 'bookings', parsed: { subject: 'Over TLS' } });
  });

  it('sends nothing in clear to a server without STARTTLS, and tries again later', async () => {
    const before = smtp.received.length;
    const mail = createSmtpMail({ url: `smtp://127.0.0.1:${smtp.port}?greetingTimeout=500`, from: FROM });
    const refused = await mail.send(message).catch((error: unknown) => error);
    await mail.close();
    expect(refused).toBeInstanceOf(MailDeliveryError);
    expect(refused).toMatchObject({ permanent: false, message: expect.stringMatching(/STARTTLS/i) });
    expect(smtp.received.length).toBe(before);
  });

  it('does not give a message up when the sign-in is refused: that is our configuration, mended without losing mail', async () => {
    const mail = createSmtpMail({ url: `smtp://bookings:wrong@127.0.0.1:${secure.port}?tls.rejectUnauthorized=false`, from: FROM });
    const refused = await mail.send(message).catch((error: unknown) => error);
    await mail.close();
    expect(refused).toMatchObject({ permanent: false, message: expect.stringContaining('535') });
  });
});

/**
 * Two API replicas over one database, each relaying through its own SMTP
 * connection to one server that refuses and cuts some attempts. On a
 * PostgreSQL server (npm run test:pg) each replica has its own pool and the
 * relays truly run side by side; on PGlite they share its one connection.
 */
describe('two relays over one database', () => {
  let database: TestDatabase;
  let shared: DatabaseConnection | undefined;
  let replicas: FastifyInstance[] = [];
  let flaky: TestSmtpServer;

  beforeAll(async () => {
    flaky = await startTestSmtpServer();
    database = await createTestDatabase();
    if (!database.databaseUrl) shared = await database.open();
    const options = { env: smtpEnv(flaky.port), ...(shared ? { database: { ...shared, close: async () => {} } } : {}) };
    replicas = [await buildTestApp(database, options), await buildTestApp(database, options)];
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await shared?.close();
    await database?.drop();
    await flaky?.close();
  });

  it('delivers every message exactly once, through failures, when both relay at once', async () => {
    const [a, b] = replicas as [FastifyInstance, FastifyInstance];
    const subjects = Array.from({ length: 30 }, (_, n) => `replicated ${n}`);
    const ids = await Promise.all(subjects.map((subject) => a.db.transaction(async (tx) => (await enqueueMail(tx, { to: 'guest@example.com', subject, text: subject, messageKey: subject }))!)));
    const trouble: Behaviour[] = ['temporary', 'accept', 'drop', 'slow', 'accept', 'temporary', 'accept', 'drop', 'accept', 'accept', 'temporary'];
    flaky.next(...trouble);

    let now = new Date(Date.now() + 1000);
    const totals = { sent: 0, retried: 0, failed: 0 };
    for (let round = 0; round < 4; round++) {
      const results = await Promise.all([a, b, a, b].map((replica) => relayOutbox(replica.db, replica.adapters.mail, now)));
      for (const result of results) for (const key of ['sent', 'retried', 'failed'] as const) totals[key] += result[key];
      now = new Date(now.getTime() + retryDelayMs(10));
    }

    expect(totals).toEqual({ sent: 30, retried: 5, failed: 0 });
    expect(flaky.connections).toBe(35);
    expect(subjectsOf(flaky).sort()).toEqual([...subjects].sort());
    const rows = await a.db.select().from(outboxMessages);
    expect(rows.filter((row) => ids.includes(row.id)).every((row) => row.status === 'sent')).toBe(true);
  });
});
