import { countryName } from '@tours/domain/countries';
import type { staffAddressSchema } from '@tours/domain/contracts/staff/booking-page';
import type { z } from 'zod/mini';

/** An address as lines to print, the country by name. */
export const addressLines = (address: z.infer<typeof staffAddressSchema>): string[] =>
  [address.line_1, address.line_2, address.line_3, address.city, address.state, address.postal_code, countryName(address.country)].filter((line): line is string => Boolean(line));
