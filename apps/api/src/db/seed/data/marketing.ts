import { ONLINE_MARKETING_SOURCE_ID, OTHER_MARKETING_SUBSOURCE_ID } from '@tours/domain';
import { prices, type Prices } from './types.ts';

/** 'How did you hear about us?' with the reservations system's ids; 63/165 is what online bookings send. */
export const MARKETING_SOURCES = [
  {
    id: 10,
    name: 'Newspaper advert',
    subsources: [
      { id: 101, name: 'The Times' },
      { id: 102, name: 'The Guardian' },
      { id: 103, name: 'The Daily Telegraph' },
      { id: 104, name: 'Financial Times' },
    ],
  },
  {
    id: 20,
    name: 'Magazine',
    subsources: [
      { id: 201, name: 'BBC Music Magazine' },
      { id: 202, name: 'History Today' },
      { id: 203, name: 'Gramophone' },
      { id: 204, name: 'The Oldie' },
    ],
  },
  {
    id: 30,
    name: 'Friend or family',
    subsources: [
      { id: 301, name: 'Recommended by a past traveller' },
      { id: 302, name: 'Friend or family member' },
    ],
  },
  {
    id: 40,
    name: 'Search engine',
    subsources: [
      { id: 401, name: 'Google' },
      { id: 402, name: 'Bing' },
      { id: 403, name: 'Other search engine' },
    ],
  },
  {
    id: 50,
    name: 'Brochure',
    subsources: [
      { id: 501, name: 'Brochure by post' },
      { id: 502, name: 'Brochure at an event' },
    ],
  },
  {
    id: ONLINE_MARKETING_SOURCE_ID,
    name: 'Online',
    subsources: [
      { id: 161, name: 'Our website' },
      { id: 162, name: 'Social media' },
      { id: 163, name: 'E-mail newsletter' },
      { id: OTHER_MARKETING_SUBSOURCE_ID, name: 'Other' },
    ],
  },
] as const;

/** A promotional code off an amount in each currency, for every tour, without limits; its dates in days from the day of seeding. */
export interface PromotionSeed {
  code: string;
  description: string;
  validFromDays: number;
  validToDays: number;
  discount: Prices;
}

/** Promotions relative to the day of seeding: WELCOME100 is valid, SPRING10 has expired. */
export const PROMOTIONS: readonly PromotionSeed[] = [
  {
    code: 'WELCOME100',
    description: '£100, $100 or A$100 off a first booking.',
    validFromDays: -30,
    validToDays: 365,
    discount: prices(100, 100, 100),
  },
  {
    code: 'SPRING10',
    description: 'Last spring’s £10 offer.',
    validFromDays: -400,
    validToDays: -300,
    discount: prices(10, 10, 10),
  },
] as const;
