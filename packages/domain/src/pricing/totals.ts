import { minor, type MinorUnits } from '../money.ts';
import type { Allocation, PriceBreakdown } from '../contracts/selections.ts';

/**
 * The grand total and deposit (spec section 9), in integer minor units only.
 * The API prices a booking line by line (lines.ts, from its own prices); the
 * web only displays that, and estimates with these figures before it exists.
 */

/** One allocated option: its adult price and how many passengers take it. */
export interface PricedAllocation {
  adultPrice: number;
  passengerCount: number;
}

export interface PriceInput {
  pricePerPerson: number;
  participants: number;
  flights: readonly PricedAllocation[];
  extras: readonly PricedAllocation[];
  accommodation: readonly PricedAllocation[];
  /** The promotion's value: zero or negative. */
  discount?: number;
}

/** Flight, extra and room cost: the adult price times the passengers allocated. */
export function allocationCost({ adultPrice, passengerCount }: PricedAllocation): MinorUnits {
  return minor(adultPrice * passengerCount);
}

export function sumCosts(allocations: readonly PricedAllocation[]): MinorUnits {
  return minor(allocations.reduce((sum, allocation) => sum + allocationCost(allocation), 0));
}

/** Prices allocations through a lookup of each component's adult price. */
export function pricedAllocations(
  allocations: readonly Allocation[],
  adultPriceOf: (componentId: number) => number,
): PricedAllocation[] {
  return allocations.map((allocation) => ({
    adultPrice: adultPriceOf(allocation.component_id),
    passengerCount: allocation.passenger_ids.length,
  }));
}

/**
 * The summary panel's lines. A discount larger than everything else is capped
 * so the total never goes below zero and the lines still add up to it.
 */
export function priceBreakdown(input: PriceInput): PriceBreakdown {
  const discount = input.discount ?? 0;
  if (discount > 0) throw new RangeError(`A discount is zero or negative, got ${discount}`);
  if (!Number.isInteger(input.participants) || input.participants < 0) {
    throw new RangeError(`Participants must be a whole number, got ${input.participants}`);
  }
  const lines = {
    price_per_person: minor(input.pricePerPerson),
    participants: input.participants,
    flights: sumCosts(input.flights),
    extras: sumCosts(input.extras),
    accommodation: sumCosts(input.accommodation),
  };
  const subtotal = lines.price_per_person * lines.participants + lines.flights + lines.extras + lines.accommodation;
  // `|| 0` turns the -0 of an empty booking into a plain 0.
  const applied = Math.max(minor(discount), -Math.max(subtotal, 0)) || 0;
  return { ...lines, discount: minor(applied) };
}

/** Grand total = price per person x participants + flights + extras + rooms + discount. */
export function grandTotal(breakdown: PriceBreakdown): MinorUnits {
  const total =
    breakdown.price_per_person * breakdown.participants +
    breakdown.flights +
    breakdown.extras +
    breakdown.accommodation +
    breakdown.discount;
  return minor(Math.max(total, 0));
}
