import { REGION_CODES, regionContact, type RegionCode, type RegionContact } from '@tours/domain/operator';
import { z } from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistOptions, STORAGE_KEYS } from './storage.ts';

/**
 * The visitor's region decides the phone number shown everywhere and quoted
 * in messages. It is kept in session storage so a reload mid-booking (the
 * payment provider reloads on an expired request, sign-in comes back by
 * redirect) shows the same number at once, without a flash of the default
 * and without another metered lookup; a new tab or visit looks up afresh.
 * Shared (not in features/region) because every feature quotes the phone.
 */
interface RegionState {
  region: RegionCode;
  /** True once a lookup has answered in this session. */
  detected: boolean;
  setDetected: (region: RegionCode | null) => void;
}

const regionStateSchema = z.object({ region: z.enum(REGION_CODES), detected: z.boolean() });

export const useRegionStore = create<RegionState>()(
  persist(
    (set) => ({
      region: 'DEFAULT',
      detected: false,
      setDetected: (region) => set((state) => ({ region: region ?? state.region, detected: true })),
    }),
    persistOptions<RegionState, typeof regionStateSchema>(STORAGE_KEYS.region, regionStateSchema),
  ),
);

export interface RegionDetails extends RegionContact {
  region: RegionCode;
}

export function getRegionContact(): RegionDetails {
  const region = useRegionStore.getState().region;
  return { region, ...regionContact(region) };
}

/** Phone, tel and address of the visitor's region. */
export function useRegionContact(): RegionDetails {
  const region = useRegionStore((state) => state.region);
  return { region, ...regionContact(region) };
}
