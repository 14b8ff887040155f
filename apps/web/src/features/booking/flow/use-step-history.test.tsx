import type { StepId } from '@tours/domain/booking/steps';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createBrowserHistory } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoute, renderRouteInHistory, type TestHistory } from '../../../test/render.tsx';
import { useBookingStore } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import { DETAILS, mockBookingApi, resetBookingStores, seedActiveBooking } from '../testing/booking-fixtures.ts';
import { historyAction, type HistoryFacts, type HistorySnapshot } from './use-step-history.ts';

const at = (url: StepId | null, store: StepId, index: number | null = null): HistorySnapshot => ({ url, store, index });
const reachable = (...steps: StepId[]) => (step: StepId) => steps.includes(step);
const facts = (more: Partial<HistoryFacts> & Pick<HistoryFacts, 'current'>): HistoryFacts => ({
  previous: null,
  pop: false,
  entry: 'push',
  canVisit: reachable(),
  applies: () => true,
  ...more,
});

describe('historyAction', () => {
  it('on arrival, corrects a URL without a step, or with one not reached, in place to the booking’s step', () => {
    expect(historyAction(facts({ current: at(null, '3a') }))).toEqual({ kind: 'write', step: '3a', replace: true });
    expect(historyAction(facts({ current: at('4a', '2b'), canVisit: reachable('1', '2a', '2b') }))).toEqual({ kind: 'write', step: '2b', replace: true });
    expect(historyAction(facts({ current: at('3a', '3a') }))).toEqual({ kind: 'none' });
  });

  it('on arrival, opens a step the URL names that the visitor may open', () => {
    expect(historyAction(facts({ current: at('2a', '3a'), canVisit: reachable('2a') }))).toEqual({ kind: 'visit', step: '2a' });
  });

  it('gives a step the visitor moved to an entry of its own, and a step passed automatically the current one', () => {
    const previous = at('2a', '2a', 3);
    expect(historyAction(facts({ previous, current: at('2a', '2b', 3) }))).toEqual({ kind: 'write', step: '2b', replace: false });
    expect(historyAction(facts({ previous, current: at('2a', '3a', 3), entry: 'replace' }))).toEqual({ kind: 'write', step: '3a', replace: true });
  });

  it('follows the browser’s Back and Forward to a step the visitor may open', () => {
    const previous = at('3a', '3a', 4);
    expect(historyAction(facts({ previous, current: at('2b', '3a', 3), pop: true, canVisit: reachable('2b') }))).toEqual({ kind: 'visit', step: '2b' });
  });

  it('undoes a Back or Forward to a step the visitor may not open now, keeping the entries', () => {
    const previous = at('4a', '4a', 6);
    expect(historyAction(facts({ previous, current: at('3b', '4a', 5), pop: true }))).toEqual({ kind: 'go', delta: 1 });
    expect(historyAction(facts({ previous: at('2a', '2a', 2), current: at('2b', '2a', 4), pop: true }))).toEqual({ kind: 'go', delta: -2 });
  });

  it('passes an entry whose step no longer applies, in the direction of travel', () => {
    const notExtras = (step: StepId) => step !== '2b';
    expect(historyAction(facts({ previous: at('3a', '3a', 4), current: at('2b', '3a', 3), pop: true, applies: notExtras }))).toEqual({ kind: 'go', delta: -1 });
    expect(historyAction(facts({ previous: at('2a', '2a', 2), current: at('2b', '2a', 3), pop: true, applies: notExtras }))).toEqual({ kind: 'go', delta: 1 });
  });

  it('corrects in place when the position in the history is unknown, or the change was not a Back or Forward', () => {
    expect(historyAction(facts({ previous: at('4a', '4a'), current: at('3b', '4a'), pop: true }))).toEqual({ kind: 'write', step: '4a', replace: true });
    expect(historyAction(facts({ previous: at('2a', '2a', 1), current: at('4a', '2a', 2) }))).toEqual({ kind: 'write', step: '2a', replace: true });
  });
});

const BOOK = '/book?tour=MHW-VIE&departure=2027-03-04&currency=GBP';
// The first render loads the route's code: generous on a busy machine.
const findStep = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 5_000 });
const heading = () => document.getElementById('booking-step-heading')?.textContent;
const urlStep = (router: ReturnType<typeof renderRoute>['router']) => new URLSearchParams(router.state.location.search).get('step');

beforeEach(() => resetBookingStores());

describe('the step in the URL', () => {
  it('puts the step in the URL on arrival and gives every move an entry; the history moves the flow back and forth', async () => {
    mockBookingApi();
    seedActiveBooking('2a');
    const { router } = renderRoute(BOOK);
    expect(await findStep('Travel arrangements')).toBeTruthy();
    await waitFor(() => expect(urlStep(router)).toBe('2a'));
    // The query itself is kept as it was.
    expect(new URLSearchParams(router.state.location.search).get('tour')).toBe('MHW-VIE');

    // The mandatory flight is allocated; everyone chooses own arrangements for the rest.
    // The step's body loads on demand (components/step-body.tsx) after its heading shows.
    for (const radio of await screen.findAllByRole('radio', { name: /Own arrangements/ })) await userEvent.click(radio);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await findStep('Extras and options')).toBeTruthy();
    await waitFor(() => expect(urlStep(router)).toBe('2b'));
    expect(router.state.historyAction).toBe('PUSH');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(heading()).toBe('Travel arrangements'));
    expect(useBookingStore.getState()).toMatchObject({ step: '2a', direction: 'back' });
    // The flight choices made before are still chosen.
    expect(screen.getAllByRole('radio', { name: /Own arrangements/ }).every((radio) => (radio as HTMLInputElement).checked)).toBe(true);

    await act(() => router.navigate(1));
    await waitFor(() => expect(heading()).toBe('Extras and options'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(heading()).toBe('Travel arrangements'));
    // Back on 2a opens step 1 of the booking already made, as an entry of its own; the browser's Back returns to 2a.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(useBookingStore.getState().step).toBe('1'));
    await waitFor(() => expect(urlStep(router)).toBe('1'));
    expect(screen.getByText(/Your booking has been started/)).toBeTruthy();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(heading()).toBe('Travel arrangements'));
    expect(useBookingStore.getState()).toMatchObject({ step: '2a', direction: 'forward' });
  });

  it('lands on the booking’s step when the URL names a step not reached yet', async () => {
    mockBookingApi();
    seedActiveBooking('2b');
    const { router } = renderRoute(`${BOOK}&step=4a`);
    expect(await findStep('Extras and options')).toBeTruthy();
    await waitFor(() => expect(urlStep(router)).toBe('2b'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(useBookingStore.getState().step).toBe('2b');
  });

  it('keeps the step on a reload', async () => {
    mockBookingApi();
    seedActiveBooking('3a');
    const first = renderRoute(`${BOOK}&step=3a`);
    expect(await findStep('Accommodation')).toBeTruthy();
    first.unmount();
    const { router } = renderRoute(`${BOOK}&step=3a`);
    expect(await findStep('Accommodation')).toBeTruthy();
    expect(urlStep(router)).toBe('3a');
  });

  it('does not move away from review once payment has started: the URL goes back to review', async () => {
    mockBookingApi();
    seedActiveBooking('4a');
    useBookingStore.setState({ furthest: '4a' });
    usePaymentStore.getState().setPrePaymentDetails(DETAILS);
    usePaymentStore.getState().setProcessing(true);
    const { router } = renderRoute(`${BOOK}&step=4a`);
    expect(await findStep('Booking review & payment')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await act(() => router.navigate(`${BOOK}&step=3a`));
    await waitFor(() => expect(urlStep(router)).toBe('4a'));
    expect(useBookingStore.getState().step).toBe('4a');
  });
});

describe('the step in the URL, in the browser’s history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  /**
   * The browser's own history, as BrowserRouter keeps it, except that the
   * router hears of a move only when the test lets it: the URL has moved and
   * React Router's location (set in a transition) has not caught up yet.
   */
  function heldBrowserHistory(): { history: TestHistory; hold: () => void; release: () => void } {
    const history = UNSAFE_createBrowserHistory({ window, v5Compat: true });
    const held: (() => void)[] = [];
    let holding = false;
    const listen: typeof history.listen = (listener) =>
      history.listen((update) => {
        if (holding) held.push(() => listener(update));
        else listener(update);
      });
    return {
      history: { ...history, listen, get action() { return history.action; }, get location() { return history.location; } },
      hold: () => {
        holding = true;
      },
      release: () => {
        holding = false;
        for (const deliver of held.splice(0)) deliver();
      },
    };
  }

  it('keeps a Back made before the router caught up with the step it wrote, instead of returning to that step', async () => {
    mockBookingApi();
    seedActiveBooking('2a');
    window.history.replaceState(null, '', BOOK);
    const { history, hold, release } = heldBrowserHistory();
    renderRouteInHistory(history);
    expect(await findStep('Travel arrangements')).toBeTruthy();
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('step')).toBe('2a'));
    for (const radio of await screen.findAllByRole('radio', { name: /Own arrangements/ })) await userEvent.click(radio);

    // Next writes 2b to the URL; the router has not heard of it when Back is clicked on 2b.
    hold();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await findStep('Extras and options')).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('step')).toBe('2b');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(useBookingStore.getState().step).toBe('2a');

    // The router catches up with 2b: the visitor stays on 2a, which gets an entry of its own.
    act(release);
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('step')).toBe('2a'));
    expect(heading()).toBe('Travel arrangements');
    expect(useBookingStore.getState().step).toBe('2a');
  });
});
