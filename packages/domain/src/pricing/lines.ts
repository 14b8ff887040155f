import { minor, type CurrencyCode, type MinorUnits } from '../money.ts';
import { COMPONENT_TYPES, type ComponentType } from '../contracts/options.ts';
import { PRICED_LINE_KINDS, type PrePaymentDetails, type PricedLine, type PricedLineKind } from '../contracts/selections.ts';
import { promotionDiscount } from './promotions.ts';
import { depositFor, depositPercentOf, type DepositTerms } from './deposit.ts';

/**
 * The booking's priced lines (spec section 9) and the pre-payment details
 * they add up to. The one place that prices a booking line by line: the API
 * answers these after the selections and the promotion calls and whenever it
 * reads a booking's figures, and the review, the summary panel and the
 * confirmation e-mail show them, so every figure a customer sees is the sum
 * of the lines shown beside it.
 */

/** A line of the booking before pricing: a booking component as the reservations system stores it. */
export interface BookingLine {
  componentType: ComponentType;
  /** The component's name, shown as text. */
  name: string;
  /** The adult price (the tour: the price per person); a promotion's is its value, zero or negative. */
  unitPrice: number;
  /** Participants (tour), passengers allocated (options), 1 for a promotion. */
  quantity: number;
  /**
   * A promotion worth a percentage of what the lines before it cost (1 to
   * 100): its amount is worked out here (promotionDiscount), and unitPrice
   * is then only what it was last priced at.
   */
  percentOff?: number | null;
}

/** The line kind each booking component is shown as. */
export const LINE_KIND_OF_COMPONENT = {
  [COMPONENT_TYPES.tour]: 'tour',
  [COMPONENT_TYPES.flight]: 'flight',
  [COMPONENT_TYPES.extra]: 'extra',
  [COMPONENT_TYPES.accommodation]: 'room',
  [COMPONENT_TYPES.additionalNight]: 'additional_night',
  [COMPONENT_TYPES.promotionalCode]: 'promotion',
} as const satisfies Record<ComponentType, PricedLineKind>;

/** How each kind of line is headed where lines are grouped (review, summary panel, e-mail). */
export const PRICED_LINE_GROUP_LABELS: Record<PricedLineKind, string> = {
  tour: 'Tour',
  flight: 'Flights',
  extra: 'Extras',
  room: 'Accommodation',
  additional_night: 'Additional nights',
  promotion: 'Promotion',
};

const KIND_ORDER = new Map<PricedLineKind, number>(PRICED_LINE_KINDS.map((kind, index) => [kind, index]));

function checkLine(line: BookingLine, kind: PricedLineKind): void {
  if (!Number.isSafeInteger(line.unitPrice)) throw new RangeError(`Not a whole number of minor units: ${line.unitPrice} (${line.name})`);
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) {
    throw new RangeError(`A quantity is a whole number of 0 or more, got ${line.quantity} (${line.name})`);
  }
  if (kind === 'promotion' ? line.unitPrice > 0 : line.unitPrice < 0) {
    throw new RangeError(`${kind === 'promotion' ? 'A promotion is zero or negative' : 'A price is zero or more'}, got ${line.unitPrice} (${line.name})`);
  }
}

/**
 * Prices the lines: unit price x quantity, in the order tour, flights,
 * extras, rooms, additional nights, promotions (each kind in the order
 * given). A promotion takes off at most what the lines before it still
 * cost, so the total never goes below zero and the lines add up to it.
 */
export function priceLines(lines: readonly BookingLine[]): PricedLine[] {
  const kinded = lines.map((line, index) => ({ line, index, kind: LINE_KIND_OF_COMPONENT[line.componentType] as PricedLineKind }));
  if (kinded.filter((entry) => entry.kind === 'tour').length > 1) throw new RangeError('A booking has one tour line');
  kinded.sort((a, b) => KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! || a.index - b.index);
  let running = 0;
  return kinded.map(({ line, kind }) => {
    checkLine(line, kind);
    let amount = minor(line.unitPrice * line.quantity);
    let unitPrice = line.unitPrice;
    if (kind === 'promotion') {
      const percent = line.percentOff ?? null;
      amount = percent === null ? promotionDiscount({ amount: -amount }, running) : promotionDiscount({ percent }, running);
      unitPrice = line.quantity === 1 || percent !== null ? amount : unitPrice;
    }
    running += amount;
    return { kind, label: line.name, quantity: line.quantity, unit_price: minor(unitPrice), amount };
  });
}

/** What the lines add up to: the grand total. */
export function linesTotal(lines: readonly PricedLine[]): MinorUnits {
  return minor(lines.reduce((sum, line) => sum + line.amount, 0));
}

const sumOf = (lines: readonly PricedLine[], ...kinds: PricedLineKind[]) =>
  minor(lines.filter((line) => kinds.includes(line.kind)).reduce((sum, line) => sum + line.amount, 0));

/**
 * The pre-payment details of a booking made of these lines: each line
 * priced, the total their sum, the deposit the percentage the booking was
 * sold under (0 for day trips, online talks and concerts only), and the
 * summary figures of spec section 9.
 */
export function priceBookingLines(lines: readonly BookingLine[], currency: CurrencyCode, terms: DepositTerms): PrePaymentDetails {
  const priced = priceLines(lines);
  const total = linesTotal(priced);
  const tour = priced.find((line) => line.kind === 'tour');
  const depositPercent = depositPercentOf(terms);
  return {
    total_price: { currency_code: currency, value: total },
    deposit: { currency_code: currency, value: depositFor(total, depositPercent) },
    deposit_percent: depositPercent,
    breakdown: {
      price_per_person: tour?.unit_price ?? minor(0),
      participants: tour?.quantity ?? 0,
      flights: sumOf(priced, 'flight'),
      extras: sumOf(priced, 'extra', 'additional_night'),
      accommodation: sumOf(priced, 'room'),
      discount: sumOf(priced, 'promotion'),
    },
    lines: priced,
    // The lines know no departure: the API dates the balance (withBalanceDue) when it answers the figures.
    balance_due: null,
  };
}
