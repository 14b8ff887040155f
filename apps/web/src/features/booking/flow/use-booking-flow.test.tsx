import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePassengerStore } from '../store/passenger-store.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { EXTRAS, FLIGHTS, mockBookingApi, resetBookingStores, HOTELS, ROOMS, seedActiveBooking } from '../testing/booking-fixtures.ts';
import { offeredOptions, type OptionLists } from './booking-options.ts';
import { useBookingFlow } from './use-booking-flow.ts';

const ALL: OptionLists = { flights: FLIGHTS, extras: EXTRAS, accommodation: { hotels: HOTELS, items: ROOMS } };
const NO_EXTRAS: OptionLists = { ...ALL, extras: EXTRAS.filter((extra) => extra.name === 'Additional night') };
const NOTHING_BUT_ROOMS: OptionLists = { flights: [], extras: [], accommodation: { hotels: HOTELS, items: ROOMS } };

function flowAt(step: Parameters<typeof seedActiveBooking>[0], lists: OptionLists | null, brandChannel = 11) {
  seedActiveBooking(step);
  const offered = lists ? offeredOptions(lists, 2) : null;
  return renderHook(() => useBookingFlow(brandChannel, offered));
}

beforeEach(() => resetBookingStores());

describe('booking flow navigation', () => {
  it('walks 2a, 2b, 3a, 3b and shows Back only at 2b and step 3', async () => {
    const { result } = flowAt('2a', ALL);
    expect(result.current.canGoBack).toBe(false);
    await act(() => result.current.next());
    expect(useBookingStore.getState().step).toBe('2b');
    expect(result.current.canGoBack).toBe(true);
    await act(() => result.current.next());
    expect(useBookingStore.getState().step).toBe('3a');
    expect(result.current.canGoBack).toBe(true);
    // No room yet: no additional nights can follow, so Next would go to review.
    expect(result.current.nextLabel).toBe('Continue to payment');
    act(() => useBookingStore.setState((state) => ({ summary: { ...state.summary, roomChoice: 'Double' } })));
    expect(result.current.nextLabel).toBe('Next');
    await act(() => result.current.next());
    expect(useBookingStore.getState()).toMatchObject({ step: '3b', direction: 'forward' });
    expect(result.current.nextLabel).toBe('Continue to payment');
    act(() => result.current.back());
    expect(useBookingStore.getState()).toMatchObject({ step: '3a', direction: 'back' });
    act(() => result.current.back());
    expect(useBookingStore.getState().step).toBe('2b');
  });

  it('passes an empty 2b forward from 2a and back from 3a', async () => {
    const { result } = flowAt('2a', NO_EXTRAS);
    await act(() => result.current.next());
    expect(useBookingStore.getState().step).toBe('3a');
    act(() => result.current.back());
    expect(useBookingStore.getState()).toMatchObject({ step: '2a', direction: 'back' });
  });

  it('skips an empty step found on arrival in the direction of travel', async () => {
    const { result } = flowAt('2b', NO_EXTRAS);
    await act(() => result.current.skipEmptyStep());
    expect(useBookingStore.getState().step).toBe('3a');

    act(() => useBookingStore.getState().goToStep('2b', 'back'));
    await act(() => result.current.skipEmptyStep());
    expect(useBookingStore.getState().step).toBe('2a');
  });

  it('never goes back to step 1 once the booking exists: with nothing before 3a, 3a has no Back', () => {
    const { result } = flowAt('3a', NOTHING_BUT_ROOMS);
    expect(result.current.canGoBack).toBe(false);
    act(() => result.current.back());
    expect(useBookingStore.getState().step).toBe('3a');
  });

  it('goes to review through the selections call, never straight', async () => {
    const { requests } = mockBookingApi();
    const { result } = flowAt('3a', NOTHING_BUT_ROOMS);
    act(() => useBookingStore.setState((state) => ({ summary: { ...state.summary, roomChoice: 'Double' } })));
    await act(() => result.current.next());
    expect(requests.map((request) => request.path)).toEqual(['/api/bookings/selections']);
    expect(useBookingStore.getState().step).toBe('4a');
  });

  it('labels step 1 for one or two participants', () => {
    const { result } = renderHook(() => useBookingFlow(11, null));
    expect(result.current.ctx.participantCount).toBe(1);
    act(() => usePassengerStore.getState().addSecond());
    expect(result.current.ctx.participantCount).toBe(2);
  });

  it('lets step 1 be revisited from step 2 only without a booking and while nothing loads', () => {
    useBookingStore.setState({ step: '2a' });
    const { result } = renderHook(() => useBookingFlow(11, null));
    expect(result.current.canRevisitParticipants).toBe(true);
    act(() => useBookingStore.getState().setStepLoading(true));
    expect(result.current.canRevisitParticipants).toBe(false);
    act(() => useBookingStore.getState().setStepLoading(false));
    act(() => result.current.revisitParticipants());
    expect(useBookingStore.getState()).toMatchObject({ step: '1', direction: 'back' });

    const withBooking = flowAt('2b', ALL);
    expect(withBooking.result.current.canRevisitParticipants).toBe(false);
  });

  it('leaves steps 2 and 3 out for day trips', () => {
    const { result } = renderHook(() => useBookingFlow(8, null));
    expect(result.current.ctx.brandChannel).toBe(8);
    expect(result.current.nextLabel).toBe('Continue to payment');
  });
});
