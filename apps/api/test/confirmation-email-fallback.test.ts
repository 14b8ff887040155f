import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings, outboxMessages } from '../src/db/schema/index.ts';
import * as htmlTemplate from '../src/modules/confirmation/email/render.ts';
import { build } from './helper.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms } from './payment-fixtures.ts';

describe('the confirmation e-mail when its HTML part cannot be written', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  beforeAll(async () => plentyOfSingleRooms(server.app));
  // The HTML template fails, as a bug in it would (a spy rather than vi.mock: this file shares its worker's loaded modules).
  const templateFault = vi.spyOn(htmlTemplate, 'renderConfirmationHtml').mockRejectedValue(new Error('template fault'));
  afterAll(() => templateFault.mockRestore());

  it('still confirms the paid booking and queues the plain-text part alone', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const { booking, totals } = await bookSicily(server.app);
      const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
      const response = await confirm(server.app, booking, paymentId);
      expect(response.statusCode, response.body).toBe(200);
      const { reference } = response.json().data;
      const [row] = await server.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row).toMatchObject({ status: 'Confirmed', reference, needsAttention: false });
      const [mail] = await server.app.db.select().from(outboxMessages).where(eq(outboxMessages.bookingId, booking.id));
      expect(mail).toMatchObject({ subject: `Your booking ${reference} is confirmed`, bodyHtml: null });
      expect(mail!.bodyText).toContain(`Booking reference: ${reference}`);
      await vi.waitFor(() => expect(warnings.some((message) => message.includes(`booking ${booking.id} goes as plain text only`))).toBe(true));
    } finally {
      process.off('warning', onWarning);
    }
  });
});
