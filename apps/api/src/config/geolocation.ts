import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

export const geolocation = defineSlice({
  title: 'IP geolocation',
  summary: 'Which country a visitor is in, asked once by the browser to choose their region.',
  settings: {
    geolocation: {
      provider: setting('GEOLOCATION_PROVIDER', z.enum(['sandbox', 'http']).default('sandbox'), '`sandbox`: deterministic answers from the client IP; `http`: a real IP-geolocation service'),
      url: setting('GEOLOCATION_URL', z.url({ protocol: /^https?$/ }).optional(), 'For `http`: URL template with `{ip}`, e.g. `https://ipinfo.io/{ip}/json`'),
      token: setting(
        'GEOLOCATION_TOKEN',
        z.string().min(1).default('sandbox-geolocation-token'),
        'Token callers send as `?token=` to `/api/sandbox/geolocation`, and the token sent to the `http` provider',
      ),
      timeoutMs: setting('GEOLOCATION_TIMEOUT_MS', z.coerce.number().int().min(100).max(30_000).default(3000), 'Time limit for the `http` provider'),
    },
  },
  requires: { GEOLOCATION_PROVIDER: { http: ['GEOLOCATION_URL'] } },
});
