import {
  bookingMode,
  brandChannelName,
  CURRENCIES,
  nameIncludes,
  tourKindOf,
  type catalogueTourSchema,
  type CurrencyCode,
  type DepartureRoomType,
  type TourKind,
  type tourDepartureSchema,
  type tourPictureSchema,
} from '@tours/domain';
import type { z } from 'zod';
import { API_PREFIX } from '../../plugins/web.ts';
import { isBookableOnline } from './booking-window.ts';
import type { CatalogueEntry, DepartureWithPlaces, PictureRow, TourRow } from './repository.ts';

/** Answers are checked and serialised by the contract, so they are written as its input. */
type CatalogueTourOut = z.input<typeof catalogueTourSchema>;
type TourDepartureOut = z.input<typeof tourDepartureSchema>;

/** Where the pictures are served (media.ts); the files are named `${stem}-${width}.${format}`. */
export const MEDIA_PATH = '/media/tours';
/** The formats a page may be told of, in the order its <source>s are tried. */
const PICTURE_FORMATS = ['avif', 'webp', 'jpeg'] as const;

export function pictureOut(row: Pick<PictureRow, 'alt' | 'width' | 'height' | 'widths' | 'formats' | 'fileStem'>): z.input<typeof tourPictureSchema> {
  return {
    alt: row.alt,
    width: row.width,
    height: row.height,
    variants: PICTURE_FORMATS.filter((format) => row.formats.includes(format)).flatMap((format) =>
      [...row.widths].sort((a, b) => a - b).map((width) => ({ format, width, url: `${API_PREFIX}${MEDIA_PATH}/${row.fileStem}-${width}.${format}` })),
    ),
  };
}

export function departureOut(tour: TourRow, departure: DepartureWithPlaces, now: Date) {
  return {
    departure_id: departure.id,
    start_date: departure.startDate,
    end_date: departure.endDate,
    available_to_book: isBookableOnline({ ...departure, brandChannel: tour.brandChannel }, now),
    places_left: departure.placesLeft,
    prices: departure.prices,
  };
}

export function tourDepartureOut(tour: TourRow, departure: DepartureWithPlaces, roomTypes: DepartureRoomType[], now: Date): TourDepartureOut {
  return {
    ...departureOut(tour, departure, now),
    booking_mode: bookingMode(tour.brandChannel, departure.startDate, now),
    room_types: roomTypes,
  };
}

/** The lowest price per person among `departures`, in each currency that has one. */
export function leadPrices(departures: DepartureWithPlaces[]): { value: number; currency: CurrencyCode }[] {
  return CURRENCIES.flatMap((currency) => {
    const values = departures.flatMap((departure) => departure.prices.filter((price) => price.currency === currency).map((price) => price.value));
    return values.length === 0 ? [] : [{ value: Math.min(...values), currency }];
  });
}

export interface CatalogueFilters {
  month?: string;
  kind?: TourKind;
  q?: string;
  currency: CurrencyCode;
  price_min?: number;
  price_max?: number;
}

/** Departure filters narrow the departures listed; a tour none of whose departures pass is left out. */
function departurePasses(departure: DepartureWithPlaces, filters: CatalogueFilters): boolean {
  if (filters.month && !departure.startDate.startsWith(`${filters.month}-`)) return false;
  if (filters.price_min === undefined && filters.price_max === undefined) return true;
  const price = departure.prices.find((candidate) => candidate.currency === filters.currency);
  if (!price) return false;
  return (filters.price_min === undefined || price.value >= filters.price_min) && (filters.price_max === undefined || price.value <= filters.price_max);
}

/** Search reads the name, code, description and speakers, whatever the case or accents. */
function matchesSearch(entry: CatalogueEntry, q: string): boolean {
  const speakers = entry.speakers.map((speaker) => `${speaker.title} ${speaker.forename} ${speaker.surname}`);
  return [entry.tour.name, entry.tour.code, entry.tour.description, ...speakers].some((text) => nameIncludes(text, q));
}

/**
 * The /tours list: filtered, then sorted by next departure (tours with none
 * last, by name), as the visitor reads it from the top.
 */
export function catalogueOut(entries: CatalogueEntry[], filters: CatalogueFilters, now: Date): CatalogueTourOut[] {
  const narrowsDepartures = Boolean(filters.month) || filters.price_min !== undefined || filters.price_max !== undefined;
  const q = filters.q?.trim() ?? '';
  return entries
    .filter((entry) => !filters.kind || tourKindOf(entry.tour.brandChannel) === filters.kind)
    .filter((entry) => q === '' || matchesSearch(entry, q))
    .map((entry) => ({ entry, departures: entry.departures.filter((departure) => departurePasses(departure, filters)) }))
    .filter(({ departures }) => !narrowsDepartures || departures.length > 0)
    .sort((a, b) => {
      const [first, second] = [a.departures[0]?.startDate, b.departures[0]?.startDate];
      if (first !== second) return first === undefined ? 1 : second === undefined ? -1 : first.localeCompare(second);
      return a.entry.tour.name.localeCompare(b.entry.tour.name);
    })
    .map(({ entry, departures }) => {
      const { tour } = entry;
      const listed = departures.map((departure) => departureOut(tour, departure, now));
      return {
        id: tour.id,
        code: tour.code,
        name: tour.name,
        description: tour.description,
        brand_channel: tour.brandChannel,
        brand_channel_name: brandChannelName(tour.brandChannel),
        kind: tourKindOf(tour.brandChannel),
        speakers: entry.speakers,
        picture: entry.picture ? pictureOut(entry.picture) : null,
        departures: listed,
        next_departure: listed[0] ?? null,
        lead_prices: leadPrices(departures),
      };
    });
}

/** Months with a departure ahead, for the month filter, whatever else is chosen. */
export function departureMonths(entries: CatalogueEntry[]): string[] {
  return [...new Set(entries.flatMap((entry) => entry.departures.map((departure) => departure.startDate.slice(0, 7))))].sort();
}
