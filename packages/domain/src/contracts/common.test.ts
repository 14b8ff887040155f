import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiErrorSchema,
  buildPath,
  dataEnvelope,
  ERROR_CODES,
  ERROR_STATUS,
  errorCodeForStatus,
  fieldErrors,
  isoDateSchema,
  isoDateTimeSchema,
  itemsEnvelope,
} from './common.ts';

describe('buildPath', () => {
  it('fills every :param, encoded', () => {
    expect(buildPath('/account/bookings/:booking/documents/:document_id', { booking: 12, document_id: 'a b' })).toBe(
      '/account/bookings/12/documents/a%20b',
    );
  });

  it('leaves a path without parameters alone', () => {
    expect(buildPath('/bookings/tour')).toBe('/bookings/tour');
  });

  it('raises a required-parameter error when a parameter is missing or empty', () => {
    expect(() => buildPath('/account/bookings/:booking', {})).toThrow("Required parameter 'booking' was missing for /account/bookings/:booking");
    expect(() => buildPath('/account/bookings/:booking', { booking: '' })).toThrow(/Required parameter 'booking'/);
  });

  it('keeps a zero id, which is a value', () => {
    expect(buildPath('/bookings/tour/:id/flights', { id: 0 })).toBe('/bookings/tour/0/flights');
  });
});

describe('envelopes', () => {
  it('wraps data and lists', () => {
    expect(dataEnvelope(z.object({ id: z.number() })).parse({ data: { id: 1 } })).toEqual({ data: { id: 1 } });
    expect(itemsEnvelope(z.string()).parse({ data: { items: ['a'] } })).toEqual({ data: { items: ['a'] } });
  });

  it('describes errors with an optional field map', () => {
    expect(apiErrorSchema.safeParse({ error: { code: 'NO_RESULTS', message: 'No availability' } }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ error: { code: 'VALIDATION_FAILED', message: 'x', fields: { 'a.b': 'm' } } }).success).toBe(true);
  });
});

describe('fieldErrors', () => {
  it('maps each dot-separated path to its first message', () => {
    const schema = z.object({
      name: z.string().min(1, 'first').min(2, 'second'),
      list: z.array(z.object({ value: z.number({ error: 'Value must be numeric' }) })),
    });
    const result = schema.safeParse({ name: '', list: [{ value: 1 }, { value: 'x' }] });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ name: 'first', 'list.1.value': 'Value must be numeric' });
  });
});

describe('shared field schemas', () => {
  it('accepts only real calendar dates', () => {
    expect(isoDateSchema.safeParse('2027-05-01').success).toBe(true);
    expect(isoDateSchema.safeParse('2027-02-30').success).toBe(false);
  });

  it('accepts instants with an offset', () => {
    expect(isoDateTimeSchema.safeParse('2027-05-01T10:00:00.000Z').success).toBe(true);
    expect(isoDateTimeSchema.safeParse('2027-05-01T10:00:00+01:00').success).toBe(true);
    expect(isoDateTimeSchema.safeParse('2027-05-01').success).toBe(false);
  });
});

describe('error codes and statuses', () => {
  it('gives every code its status', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_STATUS.VALIDATION_FAILED).toBe(400);
    expect(ERROR_STATUS.INTERNAL).toBe(500);
  });

  it('reads a status without a code back as the code that answers with it', () => {
    for (const code of ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'] as const) {
      expect(errorCodeForStatus(ERROR_STATUS[code])).toBe(code);
    }
  });

  it('never guesses an availability code from a status', () => {
    expect(errorCodeForStatus(415)).toBe('VALIDATION_FAILED');
    expect(errorCodeForStatus(502)).toBe('INTERNAL');
    expect(errorCodeForStatus(503)).toBe('INTERNAL');
    expect(errorCodeForStatus(0)).toBe('INTERNAL');
  });
});
