import { describe, expect, it } from 'vitest';
import { SCREEN_TEXT } from '../messages.ts';
import { agencySettlesBalanceRefusal, agencySettlesBalanceText, balanceSettler, customerSettlesBalance, settledThroughAgency } from './balance-settlement.ts';

describe('who settles a booking balance', () => {
  it('is the agency for a booking a travel agent made, confirmed without payment online', () => {
    expect(balanceSettler({ agency: 'Wanderlust Travel Ltd' })).toEqual({ by: 'agency', agencyName: 'Wanderlust Travel Ltd' });
    expect(customerSettlesBalance({ agency: 'Wanderlust Travel Ltd' })).toBe(false);
  });

  it('is the customer for a booking they made themselves', () => {
    expect(balanceSettler({ agency: null })).toEqual({ by: 'customer' });
    expect(customerSettlesBalance({ agency: null })).toBe(true);
  });

  it("names the agency and carries the specification's note on final rates wherever the client reads it", () => {
    expect(settledThroughAgency('Wanderlust Travel Ltd')).toBe('settled through Wanderlust Travel Ltd');
    for (const text of [agencySettlesBalanceText('Wanderlust Travel Ltd'), agencySettlesBalanceRefusal('Wanderlust Travel Ltd')]) {
      expect(text).toContain('Wanderlust Travel Ltd');
      expect(text).toContain(SCREEN_TEXT.agentRates);
    }
  });
});
