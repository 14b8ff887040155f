import { formatAmount, priceLines, type BookingLine } from '@tours/domain';
import { describe, expect, it } from 'vitest';
import { confirmationContent, type ConfirmationFacts } from '../src/modules/confirmation/email/content.ts';
import { renderConfirmationHtml } from '../src/modules/confirmation/email/queue.ts';
import { confirmationText } from '../src/modules/confirmation/email/text.ts';
import { readable } from './email-reading.ts';

/**
 * The confirmation e-mail from fixed facts: both parts state every fact, to
 * the penny. Expected figures are worked out here from the lines below.
 */

const bookingLines: BookingLine[] = [
  { componentType: 'Tour', name: 'Vienna: Mozart and the Habsburgs', unitPrice: 195_000, quantity: 2 },
  { componentType: 'Flight', name: 'BA 702 London Heathrow (LHR) to Vienna (VIE)', unitPrice: 0, quantity: 2 },
  { componentType: 'Flight', name: 'OS 457 Vienna (VIE) to London Heathrow (LHR)', unitPrice: 14_525, quantity: 2 },
  { componentType: 'Extra', name: 'Private visit to the Spanish Riding School', unitPrice: 8_500, quantity: 1 },
  { componentType: 'Accommodation', name: 'HOTEL KONIGSHOF: Double room', unitPrice: 4_500, quantity: 2 },
  { componentType: 'AdditionalNight', name: 'Additional night in Vienna', unitPrice: 12_000, quantity: 2 },
  { componentType: 'PromotionalCode', name: 'Promotional code WELCOME100', unitPrice: -10_000, quantity: 1 },
];
const expected = {
  tour: 2 * 195_000,
  returnFlight: 2 * 14_525,
  ridingSchool: 8_500,
  room: 2 * 4_500,
  night: 2 * 12_000,
  promotion: -10_000,
};
const total = Object.values(expected).reduce((sum, amount) => sum + amount, 0);
const paid = 63_456;

const facts: ConfirmationFacts = {
  reference: 'MER-100042',
  status: 'Confirmed',
  leadName: 'Mr Edward Elgar',
  email: 'edward@example.com',
  tourName: 'Vienna: Mozart and the Habsburgs',
  startDate: '2027-05-03',
  endDate: '2027-05-08',
  balanceDueDate: '2027-02-02',
  passengers: ['Mr Edward Elgar', 'Mrs Alice <b>Elgar</b>'],
  lines: priceLines(bookingLines),
  currency: 'GBP',
  total,
  paid,
  siteUrl: 'https://tours.example',
  confirmedOn: '2026-11-24',
  agency: null,
};

const money = (value: number) => formatAmount(value, 'GBP', { pence: 'always' });

describe('the confirmation e-mail', () => {
  const content = confirmationContent(facts);

  it('says every fact in the plain-text part, amounts to the penny', () => {
    const text = confirmationText(content);
    expect(total).toBe(390_000 + 29_050 + 8_500 + 9_000 + 24_000 - 10_000);
    expect(text).toContain('Dear Mr Edward Elgar,');
    expect(text).toContain('Your booking MER-100042 is confirmed.');
    expect(text).toContain('Booking reference: MER-100042');
    expect(text).toContain('Tour: Vienna: Mozart and the Habsburgs');
    expect(text).toContain('Dates: 3 May 2027 to 8 May 2027');
    expect(text).toContain('Passengers:\n  Mr Edward Elgar\n  Mrs Alice <b>Elgar</b>\n');
    expect(text).toContain(`  Tour\n    Vienna: Mozart and the Habsburgs (2 × ${money(195_000)}): ${money(expected.tour)}`);
    expect(text).toContain('    Vienna: Mozart and the Habsburgs (2 × £1,950.00): £3,900.00');
    expect(text).toContain('  Flights\n    BA 702 London Heathrow (LHR) to Vienna (VIE): Included\n');
    expect(text).toContain(`    OS 457 Vienna (VIE) to London Heathrow (LHR) (2 × £145.25): ${money(expected.returnFlight)}`);
    expect(text).toContain(`  Extras\n    Private visit to the Spanish Riding School: ${money(expected.ridingSchool)}`);
    expect(text).toContain(`  Accommodation\n    HOTEL KONIGSHOF: Double room (2 × £45.00): ${money(expected.room)}`);
    expect(text).toContain(`  Additional nights\n    Additional night in Vienna (2 × £120.00): ${money(expected.night)}`);
    expect(text).toContain(`  Promotion\n    Promotional code WELCOME100: ${money(expected.promotion)}`);
    expect(text).toContain(`Total cost: ${money(total)}`);
    expect(text).toContain('Amount paid: £634.56');
    expect(text).toContain(`Balance due: ${money(total - paid)}`);
    expect(text).toContain('https://tours.example/account');
    expect(text).toContain('within 1-3 working days');
    expect(text).toContain('at least 3 months / 90 days before departure, that is by 2 February 2027');
    expect(text).toContain(`The balance of ${money(total - paid)} is due by 02 Feb 2027. You can pay it at any time in your account.`);
    expect(text).toContain('Telephone 020 7946 0018');
  });

  it('writes whole amounts with pence, never rounded to whole pounds', () => {
    const text = confirmationText(confirmationContent({ ...facts, paid: 100_000 }));
    expect(text).toContain('Amount paid: £1,000.00');
    expect(text).toContain(`Total cost: ${money(total)}`);
    expect(money(total)).toMatch(/\.\d{2}$/);
  });

  it('says every fact in the HTML part, with the brand and the account link', async () => {
    const html = await renderConfirmationHtml(content);
    const read = readable(html);
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('lang="en"');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('max-width:600px');
    // Mail clients drop scripts, external style sheets and web fonts: there are none.
    expect(html).not.toMatch(/<script|<link|@import|@font-face|url\(/i);
    expect(html).toContain('src="https://tours.example/email-logo.png"');
    expect(html).toContain('background-color:#1f3a5f');
    expect(read).toContain('Meridian Escorted Tours');
    expect(html).toMatch(/<h1[^>]*>Thank you for your booking<\/h1>/);
    expect(html).toContain('role="article" aria-roledescription="email" aria-label="Your booking MER-100042 is confirmed"');
    expect(read).toContain('Your booking reference MER-100042');
    expect(read).toContain('Tour Vienna: Mozart and the Habsburgs');
    expect(read).toContain('Dates 3 May 2027 to 8 May 2027');
    expect(read).toContain('Passengers Mr Edward Elgar Mrs Alice <b>Elgar</b>');
    // The passenger's own text is escaped, never markup.
    expect(html).not.toContain('<b>Elgar</b>');
    expect(read).toContain(`Tour Vienna: Mozart and the Habsburgs 2 × £1,950.00 ${money(expected.tour)}`);
    expect(read).toContain('Flights BA 702 London Heathrow (LHR) to Vienna (VIE) Included');
    expect(read).toContain(`OS 457 Vienna (VIE) to London Heathrow (LHR) 2 × £145.25 ${money(expected.returnFlight)}`);
    expect(read).toContain(`Extras Private visit to the Spanish Riding School ${money(expected.ridingSchool)}`);
    expect(read).toContain(`Accommodation HOTEL KONIGSHOF: Double room 2 × £45.00 ${money(expected.room)}`);
    expect(read).toContain(`Additional nights Additional night in Vienna 2 × £120.00 ${money(expected.night)}`);
    expect(read).toContain(`Promotion Promotional code WELCOME100 ${money(expected.promotion)}`);
    expect(read).toContain(`Total cost ${money(total)} Amount paid £634.56 Balance due ${money(total - paid)}`);
    expect(read).toContain('What happens next');
    expect(read).toContain('at least 3 months / 90 days before departure, that is by 2 February 2027');
    expect(html).toContain('href="https://tours.example/account"');
    expect(read).toContain('Sign in with this e-mail address (edward@example.com)');
  });

  it('lays the lines out as a table whose rows add up to the total', async () => {
    const html = await renderConfirmationHtml(content);
    const amounts = [...html.matchAll(/<td style="[^"]*text-align:right[^"]*">([^<]+)<\/td>/g)].map((match) => match[1]!);
    const lineAmounts = amounts.slice(0, -3).filter((amount) => amount !== 'Included');
    const pence = (amount: string) => Math.round(Number(amount.replace(/[£,]/g, '')) * 100);
    expect(lineAmounts.reduce((sum, amount) => sum + pence(amount), 0)).toBe(total);
    expect(amounts.slice(-3)).toEqual([money(total), money(paid), money(total - paid)]);
  });

  it('says so when the booking is optional, paid in full, or due for details now', async () => {
    const optional = confirmationContent({ ...facts, status: 'Optional', paid: total, startDate: '2026-12-20', endDate: '2026-12-25' });
    expect(optional.subject).toBe('Your optional booking MER-100042 has been received');
    const text = confirmationText(optional);
    expect(text).toContain('this is an optional booking, subject to availability checks');
    expect(text).toContain('Balance due: £0.00');
    expect(text).toContain('Your booking is paid in full');
    expect(text).toContain('your departure is less than 90 days away, so please complete it in your account now');
    expect(readable(await renderConfirmationHtml(optional))).toContain('this is an optional booking, subject to availability checks');
  });

  it("names the agency that settles an agent booking's balance, and never offers its client to pay it", async () => {
    const byAgent = confirmationContent({ ...facts, paid: 0, agency: 'Wanderlust Travel Ltd' });
    const text = confirmationText(byAgent);
    expect(text).toContain(`Balance due: ${money(total)}, settled through Wanderlust Travel Ltd`);
    expect(text).toContain(`The balance of ${money(total)} is settled through Wanderlust Travel Ltd.`);
    expect(text).toContain('Please contact your provider for final booking rates.');
    const html = readable(await renderConfirmationHtml(byAgent));
    expect(html).toContain('settled through Wanderlust Travel Ltd');
    for (const part of [text, html]) {
      expect(part).not.toContain('payable before you travel');
      expect(part).not.toMatch(/pay (it|the balance)/i);
    }
    // The customer's own booking still offers the balance in the account.
    expect(confirmationText(confirmationContent(facts))).toContain('You can pay it at any time in your account.');
  });

  it('says the balance is due now when the due date had come on the day of booking', async () => {
    const soon = confirmationContent({ ...facts, startDate: '2027-01-10', endDate: '2027-01-15', balanceDueDate: '2026-10-12' });
    expect(confirmationText(soon)).toContain(`The balance of ${money(total - paid)} is due now. You can pay it at any time in your account.`);
    expect(readable(await renderConfirmationHtml(soon))).toContain(`The balance of ${money(total - paid)} is due now.`);
    // Due on the very day of confirmation: due now, not 'due by' today.
    expect(confirmationText(confirmationContent({ ...facts, balanceDueDate: facts.confirmedOn }))).toContain('is due now.');
  });

  it('gives a day trip one date', () => {
    const text = confirmationText(confirmationContent({ ...facts, startDate: '2027-03-04', endDate: '2027-03-04', passengers: ['Mr Edward Elgar'] }));
    expect(text).toContain('Date: 4 March 2027\nPassenger:\n  Mr Edward Elgar\n');
  });
});
