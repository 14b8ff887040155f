import { buildPrePaymentDetails, showsDepositLine, type CurrencyCode, type PricedAllocation } from '@tours/domain';
import type { ComponentType, OptionKind } from '../../db/schema/index.ts';
import type { ComponentLine } from '../bookings/repository.ts';
import type { PlannedLine } from './validate.ts';

const COMPONENT_TYPE: Record<OptionKind, Exclude<ComponentType, 'PromotionalCode'>> = {
  flight: 'Flight',
  room: 'Accommodation',
  extra: 'Extra',
  additional_night: 'AdditionalNight',
};

/** Summary lines: additional nights are extras in the reservations system, so they price on the extras line. */
const LINE: Record<OptionKind, 'flights' | 'extras' | 'accommodation'> = {
  flight: 'flights',
  room: 'accommodation',
  extra: 'extras',
  additional_night: 'extras',
};

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
  const allocated = (line: (typeof LINE)[OptionKind]) =>
    input.lines
      .filter(({ option }) => LINE[option.kind] === line)
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
      componentType: COMPONENT_TYPE[line.option.kind],
      name: componentName(line),
      optionId: line.option.id,
      unitPrice: line.option.adultPrice,
      quantity: line.passengerIds.length,
    })),
  ];
  return { details, components };
}
