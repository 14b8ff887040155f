import { componentTypeLabel } from '@tours/domain/account/bookings';
import { describe, expect, it } from 'vitest';
import { bookedItemPath, parseTabParam } from './booked-item-tabs.ts';

describe('Booked Item tabs', () => {
  it('reads ?tab= as a tab index: 0, 1 or 2, anything else none', () => {
    expect(['0', '1', '2', ' 1 '].map(parseTabParam)).toEqual([0, 1, 2, 1]);
    expect([null, '', '3', '-1', '1.5', 'documents'].map(parseTabParam)).toEqual([null, null, null, null, null, null]);
  });

  it('links to a booking, or to one of its tabs', () => {
    expect(bookedItemPath(7)).toBe('/account/booking/7');
    expect(bookedItemPath(7, 0)).toBe('/account/booking/7');
    expect(bookedItemPath(7, 2)).toBe('/account/booking/7?tab=2');
  });

  it("shows the reservations system's component types in words", () => {
    expect(['Tour', 'Flight', 'AdditionalNight', 'PromotionalCode'].map(componentTypeLabel)).toEqual([
      'Tour',
      'Flight',
      'Additional night',
      'Promotional code',
    ]);
  });
});
