import { geolocationResponseSchema } from '@tours/domain/contracts/catalogue';
import { regionForCountry, type RegionCode } from '@tours/domain/operator';
import { z } from 'zod/mini';
import { config } from '../../lib/config.ts';
import { useRegionStore } from '../../lib/region.ts';

/** Only `country` is read (spec section 7), so any provider that names it so will do. */
const countryOnly = z.pick(geolocationResponseSchema, { country: true });

type Lookup = { answered: true; region: RegionCode | null } | { answered: false };

/**
 * Asks the IP-geolocation service for the visitor's country. A failure or a
 * country without a region of its own is only logged: the default region is
 * a correct answer for everyone.
 */
async function lookUp(url: string): Promise<Lookup> {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const parsed = countryOnly.safeParse(await response.json());
    if (!parsed.success) throw new Error('no country in the answer');
    const region = regionForCountry(parsed.data.country);
    if (!region) console.info(`No region for country '${parsed.data.country ?? ''}'; keeping the default region.`);
    return { answered: true, region };
  } catch (error) {
    console.info('Region lookup failed; keeping the default region.', error);
    return { answered: false };
  }
}

/** The visitor's region, or null when it stays the default. */
export async function detectRegion(url: string = config.geolocationUrl): Promise<RegionCode | null> {
  const result = await lookUp(url);
  return result.answered ? result.region : null;
}

let lookup: Promise<void> | null = null;

/**
 * One lookup per page load (StrictMode's double effects included), and none
 * when this tab already has an answer. A failed lookup is not remembered,
 * so the next page load tries again.
 */
export function startRegionDetection(url: string = config.geolocationUrl): Promise<void> {
  if (useRegionStore.getState().detected) return Promise.resolve();
  lookup ??= lookUp(url).then((result) => {
    if (result.answered) useRegionStore.getState().setDetected(result.region);
  });
  return lookup;
}

/** Lets tests start from a fresh page load. */
export function resetRegionDetection(): void {
  lookup = null;
}
