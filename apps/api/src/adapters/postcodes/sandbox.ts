import type { PostcodePort } from './port.ts';

/**
 * Built-in addresses for development and tests, in the getAddress format
 * (seven comma-separated parts, empty ones kept). Any other postcode has none,
 * which is what the real service answers for a valid postcode it does not know.
 */
export const SANDBOX_ADDRESSES: Readonly<Record<string, readonly string[]>> = {
  'SW1A 2AA': [
    '10 Downing Street, , , , , London, Greater London',
    '11 Downing Street, , , , , London, Greater London',
    '12 Downing Street, , , , , London, Greater London',
  ],
  'EC1A 1BB': ['Flat 1, 10 Long Lane, , , , London, Greater London', 'Flat 2, 10 Long Lane, , , , London, Greater London'],
  'YO1 7HH': ['Deangate House, 1 Deangate, , , , York, North Yorkshire'],
  'EH1 2NG': ['The Castle, Castlehill, , , , Edinburgh, City of Edinburgh'],
};

export function createSandboxPostcodes(): PostcodePort {
  return {
    async lookup(postcode) {
      return [...(SANDBOX_ADDRESSES[postcode] ?? [])];
    },
  };
}
