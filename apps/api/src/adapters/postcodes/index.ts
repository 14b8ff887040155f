import type { AppConfig } from '../../config/index.ts';
import { createHttpPostcodes } from './http.ts';
import type { PostcodePort } from './port.ts';
import { createSandboxPostcodes } from './sandbox.ts';

export type { PostcodePort } from './port.ts';
export { PostcodeLookupUnavailableError } from './port.ts';

export function createPostcodes(config: AppConfig['postcodes']): PostcodePort {
  if (config.provider === 'http') {
    if (!config.url || !config.apiKey) throw new Error('POSTCODE_URL and POSTCODE_API_KEY are required for the http provider');
    return createHttpPostcodes({ url: config.url, apiKey: config.apiKey, timeoutMs: config.timeoutMs });
  }
  return createSandboxPostcodes();
}
