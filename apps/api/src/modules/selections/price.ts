import { COMPONENT_TYPE_OF_KIND, priceBookingLines, type BookingLine, type CurrencyCode, type DepositTerms } from '@tours/domain';
import type { NewComponentLine } from '../bookings/index.ts';
import type { PlannedLine } from './validate.ts';

export interface PricingInput {
  tourName: string;
  pricePerPerson: number;
  participants: number;
  lines: readonly PlannedLine[];
  /** The applied promotion's full value: zero or negative. */
  discount: number;
  /** Its line's name, null without one. */
  promotionName: string | null;
  /** A percentage code's percentage: the domain works out its amount on these lines. */
  percentOff: number | null;
  currency: CurrencyCode;
  /** The tour's brand channel and the booking's own deposit percentage. */
  terms: DepositTerms;
}

/** A room's component names its hotel, since one room type is booked at every hotel of the tour. */
const componentName = ({ option }: PlannedLine) => (option.room ? `${option.room.hotelName}: ${option.name}` : option.name);

/**
 * Prices selections from our own figures with the domain's rules (spec
 * section 9), and the booking lines that record them: the tour place first,
 * then one line per allocated option, each unit price times its passengers.
 * The answer is priced from exactly these lines (and the promotion, capped
 * at what they cost), so a later reading of the booking, the confirmation
 * and the e-mail all show and charge the same figures.
 */
export function priceSelections(input: PricingInput) {
  const components: NewComponentLine[] = [
    { componentType: 'Tour', name: input.tourName, optionId: null, unitPrice: input.pricePerPerson, quantity: input.participants },
    ...input.lines.map((line) => ({
      componentType: COMPONENT_TYPE_OF_KIND[line.option.kind],
      name: componentName(line),
      optionId: line.option.id,
      unitPrice: line.option.adultPrice,
      quantity: line.passengerIds.length,
    })),
  ];
  const promotion: BookingLine[] =
    input.discount !== 0 || input.promotionName !== null
      ? [{ componentType: 'PromotionalCode', name: input.promotionName ?? 'Promotional code', unitPrice: input.discount, quantity: 1, percentOff: input.percentOff }]
      : [];
  const details = priceBookingLines([...components, ...promotion], input.currency, input.terms);
  return { details, components };
}
