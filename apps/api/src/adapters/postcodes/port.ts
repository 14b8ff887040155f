/**
 * UK postcode lookup (spec section 7, Third-party): a postcode in, the
 * addresses at it out, each one comma-separated string in the getAddress
 * format 'line1, line2, line3, line4, locality, town or city, county'.
 */
export interface PostcodePort {
  /** Addresses at a normalised postcode ('SW1A 2AA'); an empty list when the service knows none. */
  lookup(postcode: string): Promise<string[]>;
}

/** The service could not answer (down, slow, refused our key): not the same as 'no addresses'. */
export class PostcodeLookupUnavailableError extends Error {
  override name = 'PostcodeLookupUnavailableError';
}
