import {
  depositOffered,
  grandTotal,
  priceBreakdown,
  pricedAllocations,
  sameAllocations,
  sumCosts,
  type Allocations,
  type PrePaymentDetails,
  type PricedLine,
  type PricedLineKind,
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
  /** Extras without the additional nights, which are a line of their own. */
  extras: number;
  accommodation: number;
  additionalNights: number;
  discount: number;
  total: number;
  /** Only the server states a deposit, and only where it is offered (no promotion applied). */
  deposit: number | null;
  /** The server's priced lines, the very lines the review shows; absent from an estimate. */
  lines?: readonly PricedLine[];
}

/**
 * The server's figures once it has priced the choices on screen (the API is
 * authoritative for every amount), line by line as the review shows them.
 * Before that, and from the moment a choice differs from those it priced (a
 * room changed from review's Change link, before the selections are sent
 * again), a preview with the same domain pricing the server uses, over the
 * options' own prices, which the panel labels as an estimate: the panel never
 * shows the figures of choices the visitor has undone (issue 25).
 */
export function summaryFigures(input: {
  tour: Pick<Tour, 'price'>;
  details: PrePaymentDetails | null;
  /** The choices `details` priced; null where unknown (taken as the choices on screen). */
  pricedChoices?: Allocations | null;
  allocations: Allocations;
  offered: OfferedOptions | null;
  passengerIds: readonly number[];
  participants: number;
  /** A promotion is applied: the booking is paid in full, so no deposit is quoted. */
  promotionActive?: boolean;
}): SummaryFigures {
  const { details, pricedChoices = null } = input;
  if (details && (pricedChoices === null || sameAllocations(pricedChoices, input.allocations))) {
    return serverFigures(details, input.promotionActive ?? false);
  }

  const chosen = input.offered
    ? selectionsFor(input.allocations, input.offered, input.passengerIds)
    : { flights: [], extras: [], accommodation: [] };
  const priceOf = (id: number) => input.offered?.priceOf.get(id) ?? 0;
  const nightIds = new Set(input.offered?.additionalNights.map((night) => night.id) ?? []);
  const breakdown = priceBreakdown({
    pricePerPerson: input.tour.price.value,
    participants: input.participants,
    flights: pricedAllocations(chosen.flights, priceOf),
    extras: pricedAllocations(chosen.extras, priceOf),
    accommodation: pricedAllocations(chosen.accommodation, priceOf),
  });
  const additionalNights = sumCosts(pricedAllocations(chosen.extras.filter((entry) => nightIds.has(entry.component_id)), priceOf));
  return {
    source: 'estimate',
    pricePerPerson: breakdown.price_per_person,
    participants: breakdown.participants,
    flights: breakdown.flights,
    extras: breakdown.extras - additionalNights,
    accommodation: breakdown.accommodation,
    additionalNights,
    discount: breakdown.discount,
    total: grandTotal(breakdown),
    deposit: null,
  };
}

function serverFigures(details: PrePaymentDetails, promotionActive: boolean): SummaryFigures {
  const { breakdown, lines } = details;
  const sum = (kind: PricedLineKind) => lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.amount, 0);
  // Details remembered from before the server sent lines have the breakdown alone, until the review's fresh figures arrive.
  const byLine = lines.length > 0;
  return {
    source: 'server',
    pricePerPerson: breakdown.price_per_person,
    participants: breakdown.participants,
    flights: breakdown.flights,
    extras: byLine ? sum('extra') : breakdown.extras,
    accommodation: breakdown.accommodation,
    additionalNights: byLine ? sum('additional_night') : 0,
    discount: breakdown.discount,
    total: details.total_price.value,
    deposit: depositOffered(details, promotionActive) ? details.deposit.value : null,
    ...(byLine ? { lines } : {}),
  };
}
