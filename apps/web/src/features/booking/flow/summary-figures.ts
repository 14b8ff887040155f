import {
  grandTotal,
  priceBreakdown,
  pricedAllocations,
  type Allocations,
  type PrePaymentDetails,
  type Tour,
} from '@tours/domain';
import { selectionsFor, type OfferedOptions } from './booking-options.ts';

/** The money lines of the summary panel, all in minor units of the booking's currency. */
export interface SummaryFigures {
  /** 'server': the pre-payment details the reservations system priced; 'estimate': the domain's pricing of the choices so far. */
  source: 'server' | 'estimate';
  pricePerPerson: number;
  participants: number;
  flights: number;
  extras: number;
  accommodation: number;
  discount: number;
  total: number;
  /** Only the server states a deposit. */
  deposit: number | null;
}

/**
 * The server's figures once the selections are priced (the API is
 * authoritative for every amount). Before that, a preview with the same
 * domain pricing the server uses, over the options still on offer, which
 * the panel labels as an estimate.
 */
export function summaryFigures(input: {
  tour: Pick<Tour, 'price'>;
  details: PrePaymentDetails | null;
  allocations: Allocations;
  offered: OfferedOptions | null;
  passengerIds: readonly number[];
  participants: number;
  /** A promotion is applied: the booking is paid in full, so no deposit is quoted. */
  promotionActive?: boolean;
}): SummaryFigures {
  const { details } = input;
  if (details) {
    return figuresOf(details.breakdown, 'server', details.total_price.value, input.promotionActive ? null : details.deposit.value);
  }
  const chosen = input.offered
    ? selectionsFor(input.allocations, input.offered, input.passengerIds)
    : { flights: [], extras: [], accommodation: [] };
  const priceOf = (id: number) => input.offered?.priceOf.get(id) ?? 0;
  const breakdown = priceBreakdown({
    pricePerPerson: input.tour.price.value,
    participants: input.participants,
    flights: pricedAllocations(chosen.flights, priceOf),
    extras: pricedAllocations(chosen.extras, priceOf),
    accommodation: pricedAllocations(chosen.accommodation, priceOf),
  });
  return figuresOf(breakdown, 'estimate', grandTotal(breakdown), null);
}

function figuresOf(
  breakdown: PrePaymentDetails['breakdown'],
  source: SummaryFigures['source'],
  total: number,
  deposit: number | null,
): SummaryFigures {
  return {
    source,
    pricePerPerson: breakdown.price_per_person,
    participants: breakdown.participants,
    flights: breakdown.flights,
    extras: breakdown.extras,
    accommodation: breakdown.accommodation,
    discount: breakdown.discount,
    total,
    deposit,
  };
}
