import type { DepartureStatus, FLIGHT_RATE_OPTIONS } from '@tours/domain';
import type { AttentionCode, CurrencyCode, QuoteReason } from '@tours/domain';
import type { PassportDetails, InsuranceDetails, PostalAddress } from '../../json-types.ts';
import type { BookingStatus } from '@tours/domain';
import type { PaymentStatus } from '../../../modules/payments/schema.ts';

/** Minor units per currency. */
export type Prices = Record<CurrencyCode, number>;

/** Whole pounds, dollars and Australian dollars, stored as minor units. */
export const prices = (gbp: number, usd: number, aud: number): Prices => ({ GBP: gbp * 100, USD: usd * 100, AUD: aud * 100 });
export const INCLUDED: Prices = { GBP: 0, USD: 0, AUD: 0 };

export interface SpeakerSeed {
  title: string;
  forename: string;
  surname: string;
  biography: string;
}

export interface HotelSeed {
  name: string;
  city: string;
  description: string;
}

export interface RoomSeed {
  name: string;
  type: 'Single' | 'Double' | 'Twin';
  occupancy: [from: number, to: number];
  inventory: number;
  price: Prices;
}

export interface HotelStaySeed {
  hotel: HotelSeed;
  nights: number;
  /** How the reservations system spells the hotel on its room options. */
  optionAccommodationName: string;
  rooms: RoomSeed[];
}

export interface FlightSeed {
  flightNumber: string;
  airlineName: string;
  cabinClassName: string;
  departureAirport: string;
  arrivalAirport: string;
  /** Days after the departure's start date, and UTC times. */
  day: number | 'last';
  departs: string;
  arrives: string;
  inventory: number;
  price: Prices;
}

export interface FlightGroupSeed {
  name: string;
  rateOption: (typeof FLIGHT_RATE_OPTIONS)[number];
  flights: FlightSeed[];
}

/** Extras and additional nights share pricing, occupancy and inventory. */
export interface OptionSeed {
  name: string;
  description: string;
  occupancy: [from: number, to: number];
  nights?: number;
  inventory: number;
  price: Prices;
}

export interface PackageSeed {
  flightGroups: FlightGroupSeed[];
  stays: HotelStaySeed[];
  extras: OptionSeed[];
  additionalNights: OptionSeed[];
}

export interface DepartureSeed {
  /** Days from the day of seeding; negative for departures in the past. */
  startsInDays: number;
  nights: number;
  capacity: number;
  /** Open unless said: the demo has one departure on request. */
  status?: DepartureStatus;
  price: Prices;
  package?: PackageSeed;
}

export interface TourSeed {
  code: string;
  name: string;
  description: string;
  brandChannel: number;
  speakers: SpeakerSeed[];
  departures: DepartureSeed[];
}

export interface PassengerSeed {
  title: string;
  givenName: string;
  familyName: string;
  email?: string;
  telephoneMobile?: string;
  telephoneHome?: string;
  dateOfBirth: string;
  address?: PostalAddress;
  specialRequests?: string;
  apis?: PassportDetails;
  insurance?: InsuranceDetails;
  joiningText?: string;
  arrivalTime?: string;
}

/**
 * What a seeded payment paid: the deposit or the full amount at booking (the
 * payment that confirmed it), the whole balance then outstanding, or a
 * one-off part of it in minor units of the booking's currency.
 */
export type PaymentShare = 'deposit' | 'balance' | 'full' | { oneOff: number };

export interface PaymentSeed {
  share: PaymentShare;
  /** Another currency than the booking's (a payment staff must refund); counts nothing towards the booking. */
  currency?: CurrencyCode;
  daysAgo: number;
  status: PaymentStatus;
  gatewayStatus: string;
}

export interface BookingSeed {
  reference: string;
  customerEmail: string;
  tourCode: string;
  /** Picks the departure of the tour that starts this many days from the day of seeding. */
  departureStartsInDays: number;
  currency: CurrencyCode;
  status: BookingStatus;
  confirmedDaysAgo: number;
  marketing: { sourceId: number; subsourceId: number };
  passengers: PassengerSeed[];
  /** Chosen by name: flight numbers, a room type for every hotel, extras and additional nights by occupancy. */
  selections: { flights: string[]; roomType?: RoomSeed['type']; extras: string[]; additionalNight?: boolean };
  /** Oldest first: the first one confirmed the booking. */
  payments: PaymentSeed[];
  /**
   * The documents the booking carries, by template; null for one made by hand
   * (no template). Which of them the customer sees is decided from the
   * booking (modules/documents/templates.ts): the invoice only while a
   * balance is outstanding, the ATOL certificate only with flights.
   */
  documents: (string | null)[];
  /** Why staff must look at it (settlement's flag), for the work queue's demo. */
  attention?: AttentionCode;
  /** A Quote the site could not complete: it has no reference until someone settles it. */
  quoteReason?: QuoteReason;
  /** An e-mail about it the relay gave up on. */
  failedMail?: { to: string; subject: string; error: string };
}
