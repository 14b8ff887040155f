import {
  adultPrice,
  availableAdditionalNights,
  availableExtras,
  availableFlightGroups,
  flightGroupAdultPrice,
  roomsByHotel,
  roomTypeChoices,
  type HotelRooms,
  type RoomTypeChoice,
} from '@tours/domain/booking/options';
import type { accommodationOptionsSchema, ExtraOption, FlightOptionGroup, RoomOption } from '@tours/domain/contracts/options';
import type { Allocation, Allocations } from '@tours/domain/contracts/selections';
import { namesMatch } from '@tours/domain/text';
import type { z } from 'zod/mini';

/**
 * What the visitor is offered at steps 2 and 3, derived from the option lists
 * with the domain's filters (spec section 5, Booking). Pure, so the steps, the
 * flow's skip rules and the summary all see the same lists.
 */
export interface HotelStay extends HotelRooms {
  nights: number;
}

export interface OfferedOptions {
  /** Flight groups with seats on every flight, mandatory ones included. */
  flightGroups: FlightOptionGroup[];
  extras: ExtraOption[];
  additionalNights: ExtraOption[];
  hotels: HotelStay[];
  roomChoices: RoomTypeChoice[];
  /** No room type can be offered, or the accommodation call reported a service failure. */
  noRooms: boolean;
  /** Adult price of every listed component, for the summary's preview. */
  priceOf: ReadonlyMap<number, number>;
}

type AccommodationOptions = z.infer<typeof accommodationOptionsSchema>;

export interface OptionLists {
  flights: readonly FlightOptionGroup[];
  extras: readonly ExtraOption[];
  accommodation: AccommodationOptions;
}

export function offeredOptions(lists: OptionLists, participants: number): OfferedOptions {
  const rooms: readonly RoomOption[] = lists.accommodation.items;
  // Rooms are matched to the itinerary's hotels by name, whatever their accents or case (spec section 5).
  const itinerary = lists.accommodation.hotels;
  const nightsOf = new Map(itinerary.map((hotel) => [hotel.name, hotel.nights]));
  const hotels = roomsByHotel(
    rooms,
    participants,
    itinerary.map((hotel) => hotel.name),
  ).map((hotel) => ({ ...hotel, nights: nightsOf.get(hotel.hotel) ?? 0 }));
  const roomChoices = roomTypeChoices(hotels);
  const priceOf = new Map<number, number>();
  for (const group of lists.flights) priceOf.set(group.id, flightGroupAdultPrice(group));
  for (const extra of lists.extras) priceOf.set(extra.id, adultPrice(extra));
  for (const room of rooms) priceOf.set(room.id, adultPrice(room));
  return {
    flightGroups: availableFlightGroups(lists.flights),
    extras: availableExtras(lists.extras, participants),
    additionalNights: availableAdditionalNights(lists.extras, participants),
    hotels,
    roomChoices,
    noRooms: lists.accommodation.code === 'SERVICE_FAILURE' || roomChoices.length === 0,
    priceOf,
  };
}

/**
 * The selections as sent: only components still on offer and passengers of
 * this booking. A choice made before a reload that is no longer listed is
 * dropped rather than sent for the server to refuse.
 */
export function selectionsFor(allocations: Allocations, offered: OfferedOptions, passengerIds: readonly number[]): Allocations {
  const chosenRoomIds = new Set(offered.roomChoices.flatMap((choice) => choice.rooms.map((room) => room.id)));
  const keep = (list: readonly Allocation[], offeredIds: ReadonlySet<number>) =>
    list.flatMap((allocation) => {
      if (!offeredIds.has(allocation.component_id)) return [];
      const passenger_ids = allocation.passenger_ids.filter((id) => passengerIds.includes(id));
      return passenger_ids.length > 0 ? [{ component_id: allocation.component_id, passenger_ids }] : [];
    });
  return {
    flights: keep(allocations.flights, new Set(offered.flightGroups.map((group) => group.id))),
    extras: keep(allocations.extras, new Set([...offered.extras, ...offered.additionalNights].map((extra) => extra.id))),
    accommodation: keep(allocations.accommodation, chosenRoomIds),
  };
}

/** The room type the visitor chose, if it is still offered. */
export const chosenRoomType = (choices: readonly RoomTypeChoice[], roomChoice: string | null): RoomTypeChoice | null =>
  roomChoice === null ? null : (choices.find((choice) => namesMatch(choice.type, roomChoice)) ?? null);
