/**
 * The operator's identity in one place: the product is white-label, so a new
 * operator edits this file and nothing else. Defaults are fictional; phone
 * numbers come from ranges reserved for drama (Ofcom 020 7946 0xxx,
 * North American 555-01xx, ACMA 02 5550 xxxx).
 */
export interface RegionContact {
  /** Shown to people. */
  phone: string;
  /** The `tel:` target, in international format. */
  tel: string;
  /** Comma-separated lines, shown split into lines. */
  address: string;
}

export const REGION_CODES = ['AU', 'NZ', 'US', 'DEFAULT'] as const;
export type RegionCode = (typeof REGION_CODES)[number];

const LONDON_OFFICE = 'Meridian Escorted Tours Ltd, 4 Ambrose Court, Clerkenwell Road, London, EC1R 5DF, United Kingdom';

export const OPERATOR = {
  companyName: 'Meridian Escorted Tours',
  shortName: 'Meridian',
  tagline: 'Music & history tours with expert lecturers',
  /** Departure dates and times are the London office's: every date rule is measured on its clock. */
  timeZone: 'Europe/London',
  /** The company that contracts with customers: named on invoices and as the ATOL holder. */
  legalName: 'Meridian Escorted Tours Ltd',
  /** The operator's ATOL licence (fictional), printed on ATOL certificates of flight-inclusive bookings. */
  atolNumber: '12345',
  /** The relationship team answers booking questions; shown on the reference card. */
  relationshipTeamPhone: '020 7946 0321',
  colours: { primary: '#1f3a5f', accent: '#b5832a', surface: '#f7f4ee' },
  /** Served by the web app; also the logo the card provider's form shows. */
  logoUrl: '/logo.svg',
  regions: {
    DEFAULT: { phone: '020 7946 0018', tel: '+442079460018', address: LONDON_OFFICE },
    US: { phone: '1 (212) 555-0147', tel: '+12125550147', address: LONDON_OFFICE },
    AU: { phone: '(02) 5550 3127', tel: '+61255503127', address: LONDON_OFFICE },
    NZ: { phone: '(09) 555 0163', tel: '+6495550163', address: LONDON_OFFICE },
  } satisfies Record<RegionCode, RegionContact>,
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'Instagram', href: 'https://www.instagram.com/' },
    { name: 'YouTube', href: 'https://www.youtube.com/' },
    { name: 'X', href: 'https://x.com/' },
  ],
  governmentTravelAdviceUrl: 'https://www.gov.uk/foreign-travel-advice',
  termsUrl: '/terms',
  enquiryUrl: 'mailto:enquiries@meridian-tours.example',
} as const;

/** Maps an ISO alpha-2 country from IP geolocation to a region; null when no region matches. */
export function regionForCountry(country: string | null | undefined): RegionCode | null {
  const code = country?.trim().toUpperCase();
  if (code === 'AU' || code === 'NZ' || code === 'US') return code;
  if (code === 'GB' || code === 'UK') return 'DEFAULT';
  return null;
}

export function regionContact(region: RegionCode): RegionContact {
  return OPERATOR.regions[region];
}

export function addressLines(address: string): string[] {
  return address
    .split(',')
    .map((line) => line.trim())
    .filter(Boolean);
}
