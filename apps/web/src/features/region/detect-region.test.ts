import { OPERATOR } from '@tours/domain/operator';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GEOLOCATION_URL } from '../../lib/config.ts';
import { getRegionContact, useRegionStore } from '../../lib/region.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { detectRegion, resetRegionDetection, startRegionDetection } from './detect-region.ts';

const answer = (country: string | null) => mockFetch(() => jsonResponse({ ip: '203.0.113.9', country }));

describe('detectRegion', () => {
  beforeEach(() => {
    resetRegionDetection();
  });

  it.each([
    ['US', 'US'],
    ['AU', 'AU'],
    ['NZ', 'NZ'],
    ['GB', 'DEFAULT'],
  ] as const)('maps %s to the %s region', async (country, region) => {
    const fetchMock = answer(country);
    await expect(detectRegion()).resolves.toBe(region);
    expect(fetchMock).toHaveBeenCalledWith(DEFAULT_GEOLOCATION_URL, expect.anything());
  });

  it('logs an unknown country and keeps the default', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    answer('FR');
    await startRegionDetection();
    expect(getRegionContact()).toMatchObject({ region: 'DEFAULT', phone: OPERATOR.regions.DEFAULT.phone });
    expect(info).toHaveBeenCalledWith(expect.stringContaining("No region for country 'FR'"));
    // An answer, even an unmatched one, is not asked again in this tab.
    expect(useRegionStore.getState().detected).toBe(true);
  });

  it('logs a failed lookup and keeps the default, trying again on the next load', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    mockFetch(() => Promise.reject(new TypeError('offline')));
    await startRegionDetection();
    expect(getRegionContact().region).toBe('DEFAULT');
    expect(info).toHaveBeenCalledWith('Region lookup failed; keeping the default region.', expect.any(TypeError));
    expect(useRegionStore.getState().detected).toBe(false);

    mockFetch(() => jsonResponse({ error: 'rate limited' }, 429));
    expect(await detectRegion()).toBeNull();
  });

  it('sets the regional phone, tel and address from one call per load', async () => {
    const fetchMock = answer('US');
    await Promise.all([startRegionDetection(), startRegionDetection()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getRegionContact()).toEqual({ region: 'US', ...OPERATOR.regions.US });

    // The answer is kept for the tab, so a reload does not ask again.
    resetRegionDetection();
    await startRegionDetection();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.region.key) ?? '{}')).toMatchObject({ state: { region: 'US', detected: true } });
  });

  it('uses the configured URL', async () => {
    const fetchMock = answer('NZ');
    await startRegionDetection('https://geo.example/json?token=t');
    expect(fetchMock.mock.calls[0]![0]).toBe('https://geo.example/json?token=t');
    expect(getRegionContact().region).toBe('NZ');
  });
});
