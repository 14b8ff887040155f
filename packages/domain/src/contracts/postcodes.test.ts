import { describe, expect, it } from 'vitest';
import { addressLabel, normalisePostcode, parseLookedUpAddress, UK_POSTCODE_PATTERN } from '../postcode-addresses.ts';
import { postcodeParamsSchema } from './postcodes.ts';

describe('postcode lookup', () => {
  it('reads line 1 first, city sixth and county seventh, with country GBR', () => {
    const parsed = parseLookedUpAddress('10 Downing Street, Flat 2, , , Westminster, London, Greater London', 'sw1a2aa');
    expect(parsed).toEqual({
      line_1: '10 Downing Street',
      line_2: 'Flat 2',
      city: 'London',
      state: 'Greater London',
      postal_code: 'SW1A 2AA',
      country: 'GBR',
    });
  });

  it('tolerates short strings', () => {
    expect(parseLookedUpAddress('1 High Street', 'EC1A 1BB')).toMatchObject({ line_1: '1 High Street', city: '', state: '' });
  });

  it('labels addresses without empty parts', () => {
    expect(addressLabel('1 High Street, , , , , London, ')).toBe('1 High Street, London');
  });

  it('normalises and recognises UK postcodes', () => {
    expect(normalisePostcode(' ec1a1bb ')).toBe('EC1A 1BB');
    expect(UK_POSTCODE_PATTERN.test('SW1A 2AA')).toBe(true);
    expect(UK_POSTCODE_PATTERN.test('90210')).toBe(false);
  });

  it("an empty postcode gives 'Field required'", () => {
    const result = postcodeParamsSchema.safeParse({ postcode: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Field required');
  });
});
