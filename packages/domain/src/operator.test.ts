import { describe, expect, it } from 'vitest';
import { addressLines, OPERATOR, regionContact, regionForCountry, REGION_CODES } from './operator.ts';

describe('regionForCountry', () => {
  it('maps Australia, New Zealand and the United States to their own regions', () => {
    expect(regionForCountry('AU')).toBe('AU');
    expect(regionForCountry('nz')).toBe('NZ');
    expect(regionForCountry(' US ')).toBe('US');
  });

  it('maps the United Kingdom to the default region', () => {
    expect(regionForCountry('GB')).toBe('DEFAULT');
    expect(regionForCountry('UK')).toBe('DEFAULT');
  });

  it('answers null when no region matches, so the caller keeps the default', () => {
    expect(regionForCountry('FR')).toBeNull();
    expect(regionForCountry('')).toBeNull();
    expect(regionForCountry(null)).toBeNull();
    expect(regionForCountry(undefined)).toBeNull();
  });
});

describe('regional contact details', () => {
  it('gives each region its own phone number and the same London office', () => {
    const phones = REGION_CODES.map((region) => regionContact(region).phone);
    expect(new Set(phones).size).toBe(REGION_CODES.length);
    const addresses = REGION_CODES.map((region) => regionContact(region).address);
    expect(new Set(addresses).size).toBe(1);
    expect(addresses[0]).toContain('London');
  });

  it('keeps tel targets in international format', () => {
    for (const region of REGION_CODES) expect(regionContact(region).tel).toMatch(/^\+\d{8,15}$/);
  });

  it('splits a comma-separated address into trimmed lines', () => {
    expect(addressLines('A, B ,, C')).toEqual(['A', 'B', 'C']);
    expect(addressLines(OPERATOR.regions.DEFAULT.address)[0]).toBe(OPERATOR.companyName + ' Ltd');
  });
});
