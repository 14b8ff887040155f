import { describe, expect, it } from 'vitest';
import { confirmationText, type ConfirmationFacts } from '../src/modules/confirmation/email.ts';

const facts: ConfirmationFacts = {
  reference: 'MER-100042',
  leadName: 'Mr Edward Elgar',
  tourName: 'Sicily: Greeks and Normans',
  startDate: '2027-05-03',
  endDate: '2027-05-11',
  passengers: ['Mr Edward Elgar'],
  lines: [
    { name: 'Sicily: Greeks and Normans', price: 345_000 },
    { name: 'Hotel Villa Igiea: Single room', price: 78_000 },
    { name: 'Welcome dinner', price: 0 },
  ],
  currency: 'GBP',
  total: 423_000,
  paid: 63_450,
  accountUrl: 'https://tours.example/account',
};

describe('the confirmation e-mail', () => {
  it('states the amount paid to the penny, never rounded to whole pounds', () => {
    const text = confirmationText(facts);
    expect(text).toContain('Amount paid: £634.50');
    expect(text).not.toContain('£635');
    expect(text).toContain('Balance due: £3,595.50');
    expect(text).toContain('Total cost: £4,230');
  });

  it('writes each line in the booking currency, and Included for a line at no cost', () => {
    const text = confirmationText({ ...facts, currency: 'USD', lines: [{ name: 'Opera', price: 12_345 }, ...facts.lines.slice(2)] });
    expect(text).toContain('  Opera: $123.45');
    expect(text).toContain('  Welcome dinner: Included');
  });
});
