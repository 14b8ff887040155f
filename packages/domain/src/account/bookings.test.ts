import { describe, expect, it } from 'vitest';
import type { AccountBooking, AccountPassenger } from '../contracts/account.ts';
import type { Component } from '../contracts/options.ts';
import { minor } from '../money.ts';
import {
  activeAdults,
  activeTours,
  adultNames,
  bookingActionLabel,
  bookingDetailsComplete,
  bookingsNeedingDetails,
  bookingTourName,
  componentCost,
  customerOwesBalance,
  groupBookings,
} from './bookings.ts';

const now = new Date(2027, 4, 1, 12, 0); // 1 May 2027

function booking(id: number, overrides: Partial<AccountBooking> = {}): AccountBooking {
  return {
    id,
    booking_reference: `MT${id}`,
    status: 'Confirmed',
    confirmed_date: null,
    start_date: '2027-06-01',
    end_date: '2027-06-05',
    balance_due: null,
    principal_component_name: 'Vienna Music Weekend',
    outstanding_balance: { value: minor(0), currency: 'GBP' },
    total_price: { value: minor(100_000), currency_code: 'GBP' },
    currency_code: 'GBP',
    details_complete: true,
    correspondence: { send_to: 'primary_address', alternate_address: null },
    agency: null,
    ...overrides,
  };
}

const passenger = (id: number, type: string, overrides: Partial<AccountPassenger> = {}): AccountPassenger => ({
  id,
  forename: `First${id}`,
  surname: `Last${id}`,
  type,
  address: null,
  apis: null,
  insurance: null,
  joining_information: null,
  arrival_time: null,
  ...overrides,
});

const component = (id: number, type: string, price: Component['price'] = null): Component => ({
  id,
  name: `Component ${id}`,
  component_type: type,
  price,
});

describe('groupBookings', () => {
  it('puts confirmed bookings ending in the future under active, soonest first', () => {
    const later = booking(1, { start_date: '2027-09-01', end_date: '2027-09-05' });
    const sooner = booking(2);
    expect(groupBookings([later, sooner], now).active.map((b) => b.id)).toEqual([2, 1]);
  });

  it('puts confirmed bookings that ended under archived, latest first', () => {
    const old = booking(3, { start_date: '2025-01-01', end_date: '2025-01-05' });
    const recent = booking(4, { start_date: '2027-04-01', end_date: '2027-04-30' });
    expect(groupBookings([old, recent], now)).toEqual({ active: [], archived: [recent, old] });
  });

  it('keeps a tour ending today active', () => {
    expect(groupBookings([booking(5, { start_date: '2027-04-28', end_date: '2027-05-01' })], now).active).toHaveLength(1);
  });

  it('leaves other statuses out of both groups', () => {
    const quote = booking(6, { status: 'Quote' });
    const cancelled = booking(7, { status: 'Cancelled', end_date: '2020-01-01' });
    expect(groupBookings([quote, cancelled], now)).toEqual({ active: [], archived: [] });
  });
});

describe('booking detail', () => {
  const components = [component(1, 'Flight'), component(2, 'Tour'), component(3, 'Tour')];
  const passengers = [passenger(1, 'Adult'), passenger(2, 'Child'), passenger(3, 'Adult')];

  it('finds tours and adults', () => {
    expect(activeTours(components).map((c) => c.id)).toEqual([2, 3]);
    expect(activeAdults(passengers).map((p) => p.id)).toEqual([1, 3]);
    expect(adultNames(passengers)).toBe('First1 Last1, First3 Last3');
  });

  it('names the tour from the first tour component, else the principal component', () => {
    expect(bookingTourName(booking(1), components)).toBe('Component 2');
    expect(bookingTourName(booking(1), [])).toBe('Vienna Music Weekend');
  });

  it("labels the card's button by the outstanding balance", () => {
    expect(bookingActionLabel(booking(1, { outstanding_balance: { value: minor(1), currency: 'GBP' } }))).toBe('Make a payment');
    expect(bookingActionLabel(booking(1))).toBe('Summary');
  });

  it("offers no payment on an agent booking: its balance is the agency's to settle", () => {
    const agentBooking = booking(1, { outstanding_balance: { value: minor(249_500), currency: 'GBP' }, agency: 'Wanderlust Travel Ltd' });
    expect(customerOwesBalance(agentBooking)).toBe(false);
    expect(bookingActionLabel(agentBooking)).toBe('Summary');
    expect(customerOwesBalance({ ...agentBooking, agency: null })).toBe(true);
  });

  it("shows a component's cost, or 'Included' when zero or absent", () => {
    expect(componentCost(component(1, 'Extra', { value: minor(9_500), currency_code: 'USD' }))).toBe('$95');
    expect(componentCost(component(1, 'PromotionalCode', { value: minor(-5_000), currency_code: 'GBP' }))).toBe('-£50');
    expect(componentCost(component(1, 'Extra', { value: minor(0), currency_code: 'GBP' }))).toBe('Included');
    expect(componentCost(component(1, 'Extra'))).toBe('Included');
  });
});

describe('details and notifications', () => {
  const done = {
    apis: {} as AccountPassenger['apis'],
    insurance: {} as AccountPassenger['insurance'],
    joining_information: { joining_text: '' },
    arrival_time: '',
  };
  const chosen = { send_to: 'in_person' as const, alternate_address: null };

  it('counts details complete when every passenger answered every section and correspondence is chosen', () => {
    expect(bookingDetailsComplete([done, done], chosen)).toBe(true);
    expect(bookingDetailsComplete([done, { ...done, insurance: null }], chosen)).toBe(false);
    expect(bookingDetailsComplete([done, { ...done, joining_information: null }], chosen)).toBe(false);
    expect(bookingDetailsComplete([{ ...done, arrival_time: null }], chosen)).toBe(false);
    expect(bookingDetailsComplete([done], null)).toBe(false);
    expect(bookingDetailsComplete([], chosen)).toBe(true);
  });

  it('notifies about active bookings departing within 90 days with details missing', () => {
    const soon = booking(1, { start_date: '2027-07-30', end_date: '2027-08-02', details_complete: false });
    const far = booking(2, { start_date: '2027-07-31', end_date: '2027-08-03', details_complete: false });
    const complete = booking(3, { details_complete: true });
    const underway = booking(4, { start_date: '2027-04-29', end_date: '2027-05-03', details_complete: false });
    const quote = booking(5, { status: 'Quote', details_complete: false });
    expect(bookingsNeedingDetails([soon, far, complete, underway, quote], now).map((b) => b.id)).toEqual([1]);
  });
});
