import type { AppConfig } from '../../config/index.ts';
import { createHttpGeolocation } from './http.ts';
import type { GeolocationPort } from './port.ts';
import { createSandboxGeolocation } from './sandbox.ts';

export type { GeolocationPort } from './port.ts';
export { GeolocationUnavailableError } from './port.ts';

export function createGeolocation(config: AppConfig['geolocation']): GeolocationPort {
  if (config.provider === 'http') {
    if (!config.url) throw new Error('GEOLOCATION_URL is required for the http provider');
    return createHttpGeolocation({ url: config.url, token: config.token, timeoutMs: config.timeoutMs });
  }
  return createSandboxGeolocation();
}
