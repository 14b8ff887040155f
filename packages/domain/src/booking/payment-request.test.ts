import { describe, expect, it } from 'vitest';
import { cardPaymentRequestSchema, paymentTokenRequestSchema } from '../contracts/payments.ts';
import { OPERATOR } from '../operator.ts';
import { buildCardPaymentRequest, buildPaymentTokenRequest, paymentAccount } from './payment-request.ts';

const payer = {
  first_name: 'Clara',
  last_name: 'Schumann',
  email: 'clara@example.com',
  address: { line_1: '1 Main St', line_2: 'Flat 2', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'USA' },
};

describe('paymentAccount', () => {
  it('lays the address out as lines 1-6 with an alpha-2 country and the booking id as CRM key', () => {
    expect(paymentAccount(981, payer)).toEqual({
      crm_key: '981',
      first_name: 'Clara',
      last_name: 'Schumann',
      email: 'clara@example.com',
      address_line_1: '1 Main St',
      address_line_2: 'Flat 2',
      address_line_3: '',
      address_line_4: 'Springfield',
      address_line_5: 'IL',
      address_line_6: '62701',
      country: 'US',
    });
  });
});

describe('buildPaymentTokenRequest', () => {
  it('builds a valid inline, one-off request for the amount', () => {
    const request = buildPaymentTokenRequest({ bookingId: 981, currency: 'USD', amount: 121_425, instanceKey: 'inst_1', payer });
    expect(request).toMatchObject({
      theme: { primary_colour: OPERATOR.colours.primary, width: '100%' },
      logo: OPERATOR.logoUrl,
      amount: '1214.25',
      currency: 'USD',
      save_card: false,
      display_mode: 'inline',
    });
    expect(paymentTokenRequestSchema.safeParse(request).success).toBe(true);
  });

  it('takes an absolute logo when given', () => {
    const request = buildPaymentTokenRequest({ bookingId: 1, currency: 'GBP', amount: 100, instanceKey: 'k', payer, logo: 'https://x.example/l.svg' });
    expect(request.logo).toBe('https://x.example/l.svg');
  });

  it('is refused by the contract for a zero amount', () => {
    const request = buildPaymentTokenRequest({ bookingId: 1, currency: 'GBP', amount: 0, instanceKey: 'k', payer });
    expect(paymentTokenRequestSchema.safeParse(request).error?.issues[0]?.message).toBe('The amount must be more than 0');
  });
});

describe('buildCardPaymentRequest', () => {
  it('builds the account area request, flat', () => {
    const request = buildCardPaymentRequest({ bookingId: 77, currency: 'GBP', amount: 5_000, payer: { ...payer, address: { ...payer.address, country: 'GBR' } } });
    expect(request).toMatchObject({ crm_key: '77', amount: '50.00', frequency: 'ONEOFF', save_card: false, display_mode: 'inline', country: 'GB' });
    expect(cardPaymentRequestSchema.safeParse(request).success).toBe(true);
  });
});
