import type { MinorUnits } from '@tours/domain';
import { describe, expect, it } from 'vitest';
import { DETAILS, EXTRAS, FLIGHTS, HOTELS, ROOMS, TOUR } from '../testing/booking-fixtures.ts';
import { PROMOTION } from '../testing/payment-fixtures.ts';
import { offeredOptions } from './booking-options.ts';
import { summaryFigures } from './summary-figures.ts';

const offered = offeredOptions({ flights: FLIGHTS, extras: EXTRAS, accommodation: { hotels: HOTELS, items: ROOMS } }, 2);
const passengerIds = [501, 502];

describe('summary figures: additional nights on a line of their own', () => {
  it('estimates the nights apart from the extras before the server has priced the booking', () => {
    const figures = summaryFigures({
      tour: TOUR,
      details: null,
      allocations: {
        flights: [],
        // 25: the Spanish Riding School (£85); 28: the additional night for two (£120).
        extras: [
          { component_id: 25, passenger_ids: [501] },
          { component_id: 28, passenger_ids: [501, 502] },
        ],
        accommodation: [],
      },
      offered,
      passengerIds,
      participants: 2,
    });
    expect(figures).toMatchObject({ source: 'estimate', extras: 8_500, additionalNights: 24_000, deposit: null });
    expect(figures.total).toBe(379_000 + 8_500 + 24_000);
    expect(figures.lines).toBeUndefined();
  });

  it("takes the server's lines once it has priced the booking, nights apart", () => {
    const details = {
      ...DETAILS,
      lines: [
        ...DETAILS.lines,
        { kind: 'additional_night' as const, label: 'Additional night', quantity: 2, unit_price: 12_000 as MinorUnits, amount: 24_000 as MinorUnits },
      ],
      total_price: { currency_code: 'GBP' as const, value: 458_000 as MinorUnits },
      deposit: { currency_code: 'GBP' as const, value: 68_700 as MinorUnits },
      breakdown: { ...DETAILS.breakdown, extras: 41_000 as MinorUnits },
    };
    const figures = summaryFigures({ tour: TOUR, details, allocations: { flights: [], extras: [], accommodation: [] }, offered, passengerIds, participants: 2 });
    expect(figures).toMatchObject({ source: 'server', extras: 17_000, additionalNights: 24_000, total: 458_000, deposit: 68_700 });
    expect(figures.lines).toBe(details.lines);
  });

  it('quotes no deposit while a promotion is applied, or where the server offers none', () => {
    const common = { tour: TOUR, allocations: { flights: [], extras: [], accommodation: [] }, offered, passengerIds, participants: 2 };
    expect(summaryFigures({ ...common, details: PROMOTION.details, promotionActive: true }).deposit).toBeNull();
    expect(summaryFigures({ ...common, details: { ...DETAILS, deposit: { ...DETAILS.deposit, value: 0 as MinorUnits } } }).deposit).toBeNull();
  });

  it('falls back to the summary figures for details remembered from before the server sent lines', () => {
    const figures = summaryFigures({
      tour: TOUR,
      details: { ...DETAILS, lines: [] },
      allocations: { flights: [], extras: [], accommodation: [] },
      offered,
      passengerIds,
      participants: 2,
    });
    expect(figures).toMatchObject({ source: 'server', extras: 17_000, additionalNights: 0, total: 434_000 });
    expect(figures.lines).toBeUndefined();
  });

  it('follows a choice changed since the server priced the booking: an estimate of the choices on screen until they are priced again', () => {
    // 20: a double room at the Königshof (£45 each); 23: a double room at the Mönchsberg (included).
    const priced = { flights: [], extras: [], accommodation: [{ component_id: 23, passenger_ids: [501, 502] }] };
    const onScreen = (choices: typeof priced) =>
      summaryFigures({ tour: TOUR, details: DETAILS, pricedChoices: priced, allocations: choices, offered, passengerIds, participants: 2 });
    expect(onScreen(priced).source).toBe('server');
    // The same choices in another order are still the ones priced.
    expect(onScreen({ ...priced, accommodation: [{ component_id: 23, passenger_ids: [502, 501] }] }).source).toBe('server');

    const changed = onScreen({ ...priced, accommodation: [{ component_id: 20, passenger_ids: [501, 502] }] });
    expect(changed).toMatchObject({ source: 'estimate', accommodation: 9_000, deposit: null });
    expect(changed.lines).toBeUndefined();
    expect(changed.total).toBe(379_000 + 9_000);
  });
});
