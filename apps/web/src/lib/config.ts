/**
 * Build-time settings. Only `VITE_`-prefixed variables reach the browser, so
 * nothing secret belongs here: the geolocation token is a public, per-site one.
 */
const env = import.meta.env;

// The API's sandbox token by default (GEOLOCATION_TOKEN in apps/api); a real service's URL comes from VITE_GEOLOCATION_URL.
export const DEFAULT_GEOLOCATION_URL = '/api/sandbox/geolocation?token=sandbox-geolocation-token';

export const config = {
  /** The API is served on the same origin, so no CORS and no absolute URL. */
  apiBasePath: '/api',
  geolocationUrl: env.VITE_GEOLOCATION_URL?.trim() || DEFAULT_GEOLOCATION_URL,
} as const;
