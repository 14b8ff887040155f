import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

export const postcodes = defineSlice({
  title: 'Postcode lookup',
  summary: 'UK postcode lookup: the addresses at a postcode, for the booking form.',
  settings: {
    postcodes: {
      provider: setting(
        'POSTCODE_PROVIDER',
        z.enum(['sandbox', 'http']).default('sandbox'),
        '`sandbox`: built-in addresses for a few postcodes (`SW1A 2AA`, `EC1A 1BB`, `YO1 7HH`, `EH1 2NG`), none for any other; `http`: a getAddress-style service',
      ),
      url: setting(
        'POSTCODE_URL',
        z.url({ protocol: /^https?$/ }).optional(),
        'For `http`: URL template with `{postcode}`, e.g. `https://api.getAddress.io/find/{postcode}`; it must answer `{ addresses: [...] }` and 404 for an unknown postcode',
      ),
      apiKey: setting('POSTCODE_API_KEY', z.string().min(1).optional(), "For `http`: the service's key, sent as `?api-key=`; it never reaches the browser"),
      timeoutMs: setting('POSTCODE_TIMEOUT_MS', z.coerce.number().int().min(100).max(30_000).default(3000), 'Time limit for the `http` provider'),
    },
  },
  requires: { POSTCODE_PROVIDER: { http: ['POSTCODE_URL', 'POSTCODE_API_KEY'] } },
});
