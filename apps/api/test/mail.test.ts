import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxMail, createSmtpMail, type MailPort } from '../src/adapters/mail/index.ts';
import { outboxMessages } from '../src/db/schema/index.ts';
import { enqueueMail, relayOutbox } from '../src/modules/mail/index.ts';
import { MAX_MAIL_ATTEMPTS, retryDelayMs } from '../src/modules/mail/relay.ts';
import { loadConfig } from '../src/config/index.ts';
import { lead } from './booking-fixtures.ts';
import { build } from './helper.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms } from './payment-fixtures.ts';

interface MailboxItem {
  id: number;
  to: string;
  subject: string;
  body: string;
  booking_id: number | null;
  sent_at: string;
}

describe('the sandbox mailbox and the outbox relay', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '25' } });
  beforeAll(async () => plentyOfSingleRooms(server.app));

  const mailbox = async (): Promise<MailboxItem[]> => {
    const response = await server.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(response.statusCode).toBe(200);
    return response.json().data.items;
  };

  async function confirmedBooking() {
    const { booking, totals } = await bookSicily(server.app);
    const answer = await confirm(server.app, booking, await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token));
    return { booking, reference: answer.json().data.reference as string };
  }

  it('sends the confirmation e-mails through the relay and lists them newest first', async () => {
    const first = await confirmedBooking();
    const second = await confirmedBooking();
    await vi.waitFor(
      async () => {
        const subjects = (await mailbox()).map((item) => item.subject);
        expect(subjects).toContain(`Your booking ${second.reference} is confirmed`);
        expect(subjects).toContain(`Your booking ${first.reference} is confirmed`);
      },
      { timeout: 10_000, interval: 50 },
    );
    const items = await mailbox();
    const [newest, older] = [items.findIndex((i) => i.booking_id === second.booking.id), items.findIndex((i) => i.booking_id === first.booking.id)];
    expect(newest).toBeLessThan(older);
    expect(items[newest]).toMatchObject({ to: lead.email, body: expect.stringContaining(`Your booking ${second.reference} is confirmed.`) });

    const rows = await server.app.db.select().from(outboxMessages).where(eq(outboxMessages.bookingId, first.booking.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'sent', attempts: 1, sentAt: expect.any(Date), lastError: null })]);

    const page = await server.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const html = page.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Mailbox (sandbox)</h1>');
    expect(html.indexOf(`Your booking ${second.reference} is confirmed`)).toBeLessThan(html.indexOf(`Your booking ${first.reference} is confirmed`));
    expect(html).toContain(`<dt>To</dt><dd>${lead.email}</dd>`);
    expect(html).toMatch(/<time datetime="[^"]+">\d{2}:\d{2} - \d{1,2} \w{3} \d{4}<\/time>/);
  });

  it('escapes what it shows', async () => {
    await server.app.db.transaction((tx) =>
      enqueueMail(tx, { to: 'x@example.com', subject: '<script>alert(1)</script>', text: 'Tom & Jerry <b>bold</b>' }),
    );
    await vi.waitFor(async () => expect((await mailbox()).map((i) => i.subject)).toContain('<script>alert(1)</script>'), { timeout: 10_000, interval: 50 });
    const html = (await server.app.inject({ method: 'GET', url: '/dev/mailbox' })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Tom &amp; Jerry &lt;b&gt;bold&lt;/b&gt;');
  });
});

describe('relayOutbox', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const queue = (subject: string) =>
    server.app.db.transaction((tx) => enqueueMail(tx, { to: 'guest@example.com', subject, text: 'Hello', messageKey: `test:${subject}` }));
  const row = async (id: number) => (await server.app.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
  // The database stamps available_at in microseconds, the clock reads milliseconds: a second ahead is surely after it.
  const justAfter = () => new Date(Date.now() + 1000);

  it('marks what the port accepted as sent, once', async () => {
    const id = (await queue('accepted'))!;
    expect(await queue('accepted')).toBeNull();
    const result = await relayOutbox(server.app.db, createSandboxMail(), justAfter());
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await relayOutbox(server.app.db, createSandboxMail(), justAfter())).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('retries what the port refused later, and gives up after the last attempt', async () => {
    const id = (await queue('refused'))!;
    const seen: string[] = [];
    const down: MailPort = {
      provider: 'smtp',
      send: async (message) => {
        seen.push(message.subject);
        throw new Error('421 Service not available');
      },
      close: async () => {},
    };
    let now = justAfter();
    expect(await relayOutbox(server.app.db, down, now)).toEqual({ sent: 0, retried: 1, failed: 0 });
    const first = await row(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 Service not available' });
    expect(first.availableAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    // Not due yet: nothing is taken.
    expect(await relayOutbox(server.app.db, down, now)).toEqual({ sent: 0, retried: 0, failed: 0 });
    for (let attempt = 2; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      now = new Date(now.getTime() + retryDelayMs(attempt - 1) + 1);
      await relayOutbox(server.app.db, down, now);
    }
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
    expect(seen).toHaveLength(MAX_MAIL_ATTEMPTS);
  });

  it('lets relays on several replicas split the queue without sending anything twice', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, n) => queue(`split ${n}`)));
    const sent: string[] = [];
    const counting: MailPort = { provider: 'sandbox', send: async (m) => (sent.push(m.subject), { messageId: m.subject }), close: async () => {} };
    await Promise.all([relayOutbox(server.app.db, counting, justAfter()), relayOutbox(server.app.db, counting, justAfter())]);
    expect(sent.filter((subject) => subject.startsWith('split')).sort()).toEqual(Array.from({ length: 12 }, (_, n) => `split ${n}`).sort());
    for (const id of ids) expect((await row(id!)).status).toBe('sent');
  });
});

describe('mail settings and the SMTP adapter', () => {
  it('needs SMTP_URL for smtp, and has a From by default', () => {
    expect(() => loadConfig({ MAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL: Required when MAIL_PROVIDER is smtp/);
    expect(() => loadConfig({ MAIL_PROVIDER: 'smtp', SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({ MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtps://user:pass@mail.example:465', MAIL_FROM: 'Bookings <bookings@example.com>' }).mail).toEqual({
      provider: 'smtp',
      smtpUrl: 'smtps://user:pass@mail.example:465',
      from: 'Bookings <bookings@example.com>',
      relayIntervalMs: 2000,
    });
    expect(loadConfig({}).mail.from).toBe('Meridian Escorted Tours <bookings@meridian-tours.example>');
  });

  it('hands the message to nodemailer with our From', async () => {
    const transporter = nodemailer.createTransport({ jsonTransport: true });
    const sendMail = vi.spyOn(transporter, 'sendMail');
    const mail = createSmtpMail({ url: 'smtp://localhost:2525', from: 'Bookings <bookings@example.com>', transporter });
    const sent = await mail.send({ to: 'guest@example.com', subject: 'Your booking MER-123456 is confirmed', text: 'Hello' });
    expect(sent.messageId).toMatch(/@/);
    expect(sendMail).toHaveBeenCalledWith({
      from: 'Bookings <bookings@example.com>',
      to: 'guest@example.com',
      subject: 'Your booking MER-123456 is confirmed',
      text: 'Hello',
    });
    await mail.close();
  });

  describe('with MAIL_PROVIDER=smtp', () => {
    const server = build({ env: { MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:9', MAIL_RELAY_INTERVAL_MS: '0', HOLD_SWEEP_INTERVAL_MS: '0' } });
    it('does not mount the sandbox mailbox', async () => {
      expect((await server.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
      expect(server.app.adapters.mail.provider).toBe('smtp');
    });
  });
});
