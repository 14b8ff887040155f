import { describe, expect, it } from 'vitest';
import { fieldErrors } from './common.ts';
import { VALIDATION } from '../messages.ts';
import { createBookingBodySchema, createdBookingSchema, promotionBodySchema } from './booking.ts';
import { selectionsBodySchema } from './selections.ts';
import { accommodationOptionsSchema } from './options.ts';
import { registerAgent, confirmAgentBooking } from './agents.ts';
import { submitPaymentReceipt } from './payments.ts';

const address = { line_1: '1 High St', city: 'York', state: 'North Yorkshire', postal_code: 'YO1 7HH' };
const passenger = { title: 'Mr', given_name: 'Edward', family_name: 'Elgar', date_of_birth: '1957-06-02', email: 'e@example.com', address };
const body = {
  brand_channel: 11,
  currency: 'GBP',
  tour_code: 'VIE27',
  departure_date: '2027-05-01',
  departure_id: 300,
  passengers: [passenger],
  source: { id: 63, subsource_id: 165, subsource_description: 'Radio' },
};

describe('POST /bookings', () => {
  it('accepts the spec body and fills passenger defaults', () => {
    const parsed = createBookingBodySchema.parse(body);
    expect(parsed.passengers[0]).toMatchObject({ do_not_email: false, do_not_mail: false, address: { country: 'GBR' } });
  });

  it('answers 400 field messages in the participant wording', () => {
    const result = createBookingBodySchema.safeParse({ ...body, currency: 'EUR', passengers: [{ ...passenger, title: 'Rev' }], source: {} });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toMatchObject({
        'passengers.0.title': 'Title is required',
        'source.subsource_id': 'How you heard is required',
      });
      expect(fieldErrors(result.error)).toHaveProperty('currency');
    }
  });

  it('refuses three passengers', () => {
    expect(createBookingBodySchema.safeParse({ ...body, passengers: [passenger, passenger, passenger] }).success).toBe(false);
  });

  it('answers the booking with passenger ids and a one-hour token', () => {
    const answer = {
      booking: { id: 9001, status: 'Quote', currency: 'GBP', passengers: [{ ...createBookingBodySchema.parse(body).passengers[0], id: 1, is_lead: true }] },
      token: { token: 'tok', expires_at: '2027-01-01T11:00:00.000Z', timeout_seconds: 3600 },
    };
    expect(createdBookingSchema.safeParse(answer).success).toBe(true);
    expect(createdBookingSchema.safeParse({ ...answer, token: { ...answer.token, timeout_seconds: 90 } }).success).toBe(false);
  });
});

describe('selections', () => {
  it('takes ids only, with defaults for missing lists', () => {
    expect(selectionsBodySchema.parse({ allocations: { flights: [{ component_id: 3, passenger_ids: [1, 2] }] } })).toEqual({
      allocations: { accommodation: [], extras: [], flights: [{ component_id: 3, passenger_ids: [1, 2] }] },
    });
  });

  it('refuses repeated components, repeated passengers and empty passenger lists', () => {
    const twice = { component_id: 3, passenger_ids: [1] };
    const errors = (allocations: unknown) => {
      const result = selectionsBodySchema.safeParse({ allocations });
      return result.success ? {} : fieldErrors(result.error);
    };
    expect(errors({ extras: [twice, twice] })).toEqual({ 'allocations.extras': 'Each component may appear only once' });
    expect(errors({ extras: [{ component_id: 3, passenger_ids: [1, 1] }] })).toEqual({
      'allocations.extras.0.passenger_ids': 'Each passenger may appear only once',
    });
    expect(errors({ extras: [{ component_id: 3, passenger_ids: [] }] })).toEqual({
      'allocations.extras.0.passenger_ids': 'Choose at least one passenger',
    });
  });
});

describe('other bodies', () => {
  it('trims a promotional code and refuses an empty one', () => {
    expect(promotionBodySchema.parse({ code: ' SPRING ' })).toEqual({ code: 'SPRING' });
    expect(promotionBodySchema.safeParse({ code: '  ' }).success).toBe(false);
  });

  it("lets the accommodation answer carry data.code 'SERVICE_FAILURE'", () => {
    const hotels = [{ name: 'Hotel Königshof', nights: 3 }];
    expect(accommodationOptionsSchema.parse({ hotels, items: [], code: 'SERVICE_FAILURE' })).toEqual({ hotels, items: [], code: 'SERVICE_FAILURE' });
    expect(accommodationOptionsSchema.safeParse({ hotels, items: [], code: 'OTHER' }).success).toBe(false);
    expect(accommodationOptionsSchema.safeParse({ items: [] }).success).toBe(false);
  });

  it("confirms agent bookings with action 'confirm' and the agent terms accepted only", () => {
    expect(confirmAgentBooking.body?.safeParse({ action: 'confirm', agent_terms_accepted: true })?.success).toBe(true);
    expect(confirmAgentBooking.body?.safeParse({ action: 'confirm' })?.error?.issues[0]?.message).toBe(VALIDATION.agentTermsRequired);
    expect(confirmAgentBooking.body?.safeParse({ action: 'confirm', agent_terms_accepted: false })?.success).toBe(false);
    expect(confirmAgentBooking.body?.safeParse({ action: 'cancel', agent_terms_accepted: true })?.success).toBe(false);
    expect(registerAgent.body?.safeParse({ id: '', verification: 't' })?.error?.issues[0]?.message).toBe('Agent ID is required');
  });

  it('takes the receipt currency in the query', () => {
    expect(submitPaymentReceipt.query?.parse({ currency: 'AUD' })).toEqual({ currency: 'AUD' });
    expect(submitPaymentReceipt.params?.parse({ booking: '12', payment: 'pay_1' })).toEqual({ booking: 12, payment: 'pay_1' });
  });
});
