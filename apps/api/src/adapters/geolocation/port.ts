import type { GeolocationResponse } from '@tours/domain';

/**
 * IP geolocation (spec section 1: one call decides the visitor's region).
 * The browser calls the service directly; this port is what answers it.
 */
export interface GeolocationPort {
  /** The country (ISO alpha-2) of an IP address, or null when unknown. */
  locate(ip: string): Promise<GeolocationResponse>;
}

export class GeolocationUnavailableError extends Error {
  override name = 'GeolocationUnavailableError';
}
