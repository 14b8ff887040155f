import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { usePassengerStore } from '../store/passenger-store.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import { DETAILS, EXTRAS, FLIGHTS, mockBookingApi, resetBookingStores, HOTELS, ROOMS, seedActiveBooking } from '../testing/booking-fixtures.ts';
import { offeredOptions, type OptionLists } from './booking-options.ts';
import { useBookingFlow } from './use-booking-flow.ts';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}
const renderFlow = (brandChannel: number, offered: ReturnType<typeof offeredOptions> | null) =>
  renderHook(() => useBookingFlow(brandChannel, offered), { wrapper });

const ALL: OptionLists = { flights: FLIGHTS, extras: EXTRAS, accommodation: { hotels: HOTELS, items: ROOMS } };
const NO_EXTRAS: OptionLists = { ...ALL, extras: EXTRAS.filter((extra) => extra.name === 'Additional night') };
const NOTHING_BUT_ROOMS: OptionLists = { flights: [], extras: [], accommodation: { hotels: HOTELS, items: ROOMS } };

function flowAt(step: Parameters<typeof seedActiveBooking>[0], lists: OptionLists | null, brandChannel = 11) {
  seedActiveBooking(step);
  const offered = lists ? offeredOptions(lists, 2) : null;
  return renderFlow(brandChannel, offered);
}

beforeEach(() => resetBookingStores());

describe('booking flow navigation', () => {
  it('walks 2a, 2b, 3a, 3b with Back on each', async () => {
    const { result } = flowAt('2a', ALL);
    expect(result.current.canGoBack).toBe(true);
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

  it('goes back to step 1 of the booking already made, past the steps that do not apply', () => {
    const { result } = flowAt('3a', NOTHING_BUT_ROOMS);
    expect(result.current.canGoBack).toBe(true);
    act(() => result.current.back());
    expect(useBookingStore.getState()).toMatchObject({ step: '1', direction: 'back', historyEntry: 'push' });
    // The progress bar keeps the spec's rule: no link to step 1 once the booking exists.
    expect(result.current.canRevisitParticipants).toBe(false);
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
    const { result } = renderFlow(11, null);
    expect(result.current.ctx.participantCount).toBe(1);
    act(() => usePassengerStore.getState().addSecond());
    expect(result.current.ctx.participantCount).toBe(2);
  });

  it('lets step 1 be revisited from step 2 only without a booking and while nothing loads', () => {
    useBookingStore.setState({ step: '2a' });
    const { result } = renderFlow(11, null);
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
    const { result } = renderFlow(8, null);
    expect(result.current.ctx.brandChannel).toBe(8);
    expect(result.current.nextLabel).toBe('Continue to payment');
  });

  it('has Back at review to the previous applicable step, until payment starts', () => {
    const { result } = flowAt('4a', ALL);
    act(() => useBookingStore.setState((state) => ({ summary: { ...state.summary, roomChoice: 'Double' } })));
    expect(result.current.canGoBack).toBe(true);
    expect(result.current.canChange).toBe(true);
    // The card form opens: from now on the visitor may be paying.
    act(() => usePaymentStore.getState().setProcessing(true));
    expect(result.current).toMatchObject({ paymentStarted: true, canGoBack: false, canChange: false });
    act(() => result.current.back());
    act(() => result.current.changeTo('2a'));
    expect(useBookingStore.getState().step).toBe('4a');
    // Unticking the terms closes the form: the way back opens again.
    act(() => usePaymentStore.getState().setProcessing(false));
    expect(result.current.canGoBack).toBe(true);
    act(() => result.current.back());
    expect(useBookingStore.getState()).toMatchObject({ step: '3b', direction: 'back' });
  });

  it('offers no way back once a payment awaits its confirmation or has been answered', () => {
    const { result } = flowAt('4a', ALL);
    act(() => usePaymentStore.getState().paymentSucceeded('pay_1', DETAILS.total_price.value));
    act(() => usePaymentStore.getState().setProcessing(false));
    expect(result.current).toMatchObject({ paymentStarted: true, canGoBack: false, canChange: false });
    act(() => usePaymentStore.setState({ checkoutId: null, postPaymentDetails: { reference: 'R1', status: 'unconfirmed' } }));
    expect(result.current.paymentStarted).toBe(true);
  });

  it('goes from review straight back to step 1 on day trips', () => {
    seedActiveBooking('4a');
    const { result } = renderFlow(8, null);
    expect(result.current.canGoBack).toBe(true);
    act(() => result.current.back());
    expect(useBookingStore.getState().step).toBe('1');
  });

  it('changes a step from review with every choice kept, and goes forward to review through the selections again', async () => {
    const { requests } = mockBookingApi();
    const { result } = flowAt('4a', ALL);
    act(() => useBookingStore.setState({ furthest: '4a' }));
    act(() => useBookingStore.getState().toggleExtra(25, 501, true));
    const chosen = useBookingStore.getState().allocations;
    act(() => result.current.changeTo('2a'));
    expect(useBookingStore.getState()).toMatchObject({ step: '2a', direction: 'back', furthest: '4a', allocations: chosen });
    expect(chosen.extras).toEqual([{ component_id: 25, passenger_ids: [501] }]);
    // The browser's Forward may go back to review: the selections go to the server again for fresh totals.
    expect(result.current.canVisit('4a')).toBe(true);
    await act(() => result.current.visit('4a'));
    expect(requests.filter((request) => request.path === '/api/bookings/selections')).toHaveLength(1);
    expect(useBookingStore.getState().step).toBe('4a');
  });

  it('never opens a step not reached yet, nor one that does not apply', async () => {
    const { result } = flowAt('2b', NO_EXTRAS);
    expect(result.current.canVisit('3a')).toBe(false);
    await act(() => result.current.visit('3a'));
    act(() => result.current.changeTo('3a'));
    expect(useBookingStore.getState().step).toBe('2b');
    expect(result.current.canVisit('2b')).toBe(true);
    expect(result.current.canVisit('2a')).toBe(true);
    expect(result.current.canVisit('1')).toBe(true);
  });

  it('passes an empty step found on arrival in place of its history entry', async () => {
    const { result } = flowAt('2b', NO_EXTRAS);
    await act(() => result.current.skipEmptyStep());
    expect(useBookingStore.getState()).toMatchObject({ step: '3a', historyEntry: 'replace' });
  });
});
