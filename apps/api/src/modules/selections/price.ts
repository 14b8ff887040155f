import {
  ALLOCATION_KIND_OF_KIND,
  buildPrePaymentDetails,
  COMPONENT_TYPE_OF_KIND,
  showsDepositLine,
  type AllocationKind,
  type CurrencyCode,
  type PricedAllocation,
} from '@tours/domain';
import type { ComponentLine } from '../bookings/repository.ts';
import type { PlannedLine } from './validate.ts';

export interface PricingInput {
  tourName: string;
  pricePerPerson: number;
  participants: number;
  lines: readonly PlannedLine[];
  /** Applied promotions: zero or negative. */
  discount: number;
  currency: CurrencyCode;
  brandChannel: number;
}

/** A room's component names its hotel, since one room type is booked at every hotel of the tour. */
const componentName = ({ option }: PlannedLine) => (option.room ? `${option.room.hotelName}: ${option.name}` : option.name);

/**
 * Prices selections from our own figures with the domain's rules (spec
 * section 9), and the booking lines that record them: the tour place first,
 * then one line per allocated option, each unit price times its passengers.
 * The lines add up to the breakdown, so a later confirmation charges exactly this.
 */
export function priceSelections(input: PricingInput) {
  const allocated = (line: AllocationKind) =>
    input.lines
      .filter(({ option }) => ALLOCATION_KIND_OF_KIND[option.kind] === line)
      .map(({ option, passengerIds }): PricedAllocation => ({ adultPrice: option.adultPrice, passengerCount: passengerIds.length }));
  const details = buildPrePaymentDetails(
    {
      pricePerPerson: input.pricePerPerson,
      participants: input.participants,
      flights: allocated('flights'),
      extras: allocated('extras'),
      accommodation: allocated('accommodation'),
      discount: input.discount,
    },
    input.currency,
    { takesDeposit: showsDepositLine(input.brandChannel) },
  );
  const components: ComponentLine[] = [
    { componentType: 'Tour', name: input.tourName, optionId: null, unitPrice: input.pricePerPerson, quantity: input.participants },
    ...input.lines.map((line) => ({
      componentType: COMPONENT_TYPE_OF_KIND[line.option.kind],
      name: componentName(line),
      optionId: line.option.id,
      unitPrice: line.option.adultPrice,
      quantity: line.passengerIds.length,
    })),
  ];
  return { details, components };
}
