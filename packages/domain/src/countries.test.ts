import { describe, expect, it } from 'vitest';
import { alpha2ToAlpha3, alpha3ToAlpha2, COUNTRIES, countryName, DEFAULT_COUNTRY, DEFAULT_COUNTRY_ALPHA2, isCountryCode } from './countries.ts';

describe('countries', () => {
  it('lists all 249 ISO 3166-1 countries once each', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    expect(new Set(COUNTRIES.map((c) => c.alpha2)).size).toBe(249);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{3}$/);
      expect(country.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(country.name.length).toBeGreaterThan(1);
    }
  });

  it('is sorted by English name for the selects', () => {
    const names = COUNTRIES.map((c) => c.name);
    expect([...names].sort(new Intl.Collator('en').compare)).toEqual(names);
  });

  it('defaults to the United Kingdom', () => {
    expect(DEFAULT_COUNTRY).toBe('GBR');
    expect(DEFAULT_COUNTRY_ALPHA2).toBe('GB');
    expect(countryName('GBR')).toBe('United Kingdom');
  });

  it('converts between alpha-3 and alpha-2', () => {
    expect(alpha3ToAlpha2('GBR')).toBe('GB');
    expect(alpha3ToAlpha2('usa')).toBe('US');
    expect(alpha3ToAlpha2('AUS')).toBe('AU');
    expect(alpha3ToAlpha2('NZL')).toBe('NZ');
    expect(alpha2ToAlpha3('de')).toBe('DEU');
    expect(alpha2ToAlpha3('XX')).toBeUndefined();
  });

  it('falls back to GB for an unknown or missing country', () => {
    expect(alpha3ToAlpha2('XYZ')).toBe('GB');
    expect(alpha3ToAlpha2(undefined)).toBe('GB');
    expect(alpha3ToAlpha2('')).toBe('GB');
  });

  it('recognises codes exactly', () => {
    expect(isCountryCode('FRA')).toBe(true);
    expect(isCountryCode('fra')).toBe(false);
    expect(isCountryCode('FR')).toBe(false);
    expect(countryName('CIV')).toBe("Côte d'Ivoire");
    expect(countryName('nope')).toBe('');
  });
});
