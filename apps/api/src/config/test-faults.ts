import { z } from 'zod';
import { defineSlice, setting, type ConfigIssue } from './setting.ts';

export const testFaults = defineSlice({
  title: 'Tests only',
  summary: 'Switches for tests only; never in production.',
  settings: {
    testFaults: setting(
      'TEST_FAULTS',
      z
        .enum(['true', 'false'])
        .default('false')
        .transform((value) => value === 'true'),
      '`true` mounts `POST /api/testing/faults` (not in the OpenAPI document) so a test can make the next confirmation of a booking fail after its payment is recorded; refused at start-up when `NODE_ENV` is `production`',
    ),
  },
});

/** The fault switch makes a paid booking fail on purpose: a production server must not even be able to turn it on, demo or not. */
export function faultsInProduction(env: { NODE_ENV: string; TEST_FAULTS: boolean }): ConfigIssue[] {
  return env.TEST_FAULTS && env.NODE_ENV === 'production' ? [{ setting: 'TEST_FAULTS', message: 'Test faults cannot be enabled when NODE_ENV is production' }] : [];
}
