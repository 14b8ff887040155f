import type { StepId } from '@tours/domain/booking/steps';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { readStepParam, searchWithStep } from './step-param.ts';
import { useBookingStore, type HistoryEntry } from '../store/booking-store.ts';
import type { BookingFlow } from './use-booking-flow.ts';

/**
 * The step in the URL (`&step=`), one browser history entry per step, so the
 * browser's Back and Forward move between steps within the booking's rules.
 * The booking store stays the truth (it survives a reload); the URL follows
 * it, and a URL the visitor brings (Back, Forward, a typed or shared link)
 * moves the store only to a step the visitor may open now.
 */

/** Where the URL and the store stood when last looked at, and the history entry's position (null where unknown). */
export interface HistorySnapshot {
  url: StepId | null;
  store: StepId;
  index: number | null;
}

export type HistoryAction =
  /** Nothing to do: the URL names the store's step. */
  | { kind: 'none' }
  /** Move the store to the step the URL names. */
  | { kind: 'visit'; step: StepId }
  /** Put the store's step in the URL, as a new entry or in place of the current one. */
  | { kind: 'write'; step: StepId; replace: boolean }
  /**
   * Move through the history by this many entries: back to the entry the
   * visitor came from (the step stays, and so do the entries), or on past an
   * entry whose step no longer applies (skipped both ways).
   */
  | { kind: 'go'; delta: number };

export interface HistoryFacts {
  /** Null on arrival (first look since the flow was shown). */
  previous: HistorySnapshot | null;
  current: HistorySnapshot;
  /** The URL changed through the browser's Back or Forward. */
  pop: boolean;
  /** How the store's last change of step should enter the history. */
  entry: HistoryEntry;
  canVisit: (step: StepId) => boolean;
  /** Whether the step applies to this booking at all (the registry's isApplicable). */
  applies: (step: StepId) => boolean;
}

/**
 * What to do about the URL and the store, as a rule apart from React:
 * - on arrival, a URL naming a step the visitor may open moves there (a link
 *   to an earlier step); any other (no step, a step not reached yet) is
 *   corrected in place to the step the booking is at;
 * - the store moved (Next, Back, Change, a skip, a restart): the URL follows,
 *   with a new entry or in place of the current one as the move asks;
 * - the URL moved (the browser's Back or Forward): the store follows where it
 *   may; where it may not (a call running, payment started, a step that no
 *   longer applies or was never reached), the browser's move is undone, so the
 *   entries stay as they were and Back never leaves the booking mid-flow, except
 *   that an entry whose step no longer applies is passed in the direction of
 *   travel; a link that is not a Back or Forward is corrected in place.
 */
export function historyAction({ previous, current, pop, entry, canVisit, applies }: HistoryFacts): HistoryAction {
  const { url, store } = current;
  if (previous === null) {
    if (url !== null && url !== store && canVisit(url)) return { kind: 'visit', step: url };
    return url === store ? { kind: 'none' } : { kind: 'write', step: store, replace: true };
  }
  if (url === store) return { kind: 'none' };
  if (url === previous.url) return { kind: 'write', step: store, replace: entry === 'replace' };
  if (url !== null && canVisit(url)) return { kind: 'visit', step: url };
  if (pop && previous.index !== null && current.index !== null && previous.index !== current.index) {
    if (url !== null && !applies(url)) return { kind: 'go', delta: Math.sign(current.index - previous.index) };
    return { kind: 'go', delta: previous.index - current.index };
  }
  return { kind: 'write', step: store, replace: true };
}

/** The position of the current entry, as React Router's browser history records it; null in a memory router. */
function historyIndex(): number | null {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('idx' in state)) return null;
  return typeof state.idx === 'number' ? state.idx : null;
}

/** Keeps the URL's step and the flow's step together while the flow is shown (enabled). */
export function useStepHistory(flow: BookingFlow, enabled: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const url = readStepParam(new URLSearchParams(location.search));
  const store = flow.step;
  const last = useRef<HistorySnapshot | null>(null);
  // The latest flow and location for the effect, which runs only when a step changes.
  const latest = useRef({ flow, search: location.search });
  useEffect(() => {
    latest.current = { flow, search: location.search };
  });

  useEffect(() => {
    if (!enabled) {
      last.current = null;
      return;
    }
    const { flow: now, search } = latest.current;
    // Which steps apply is not known yet (the options are loading after a reload): a step in the URL waits for them.
    if (!now.settled && url !== store) return;
    // React Router moves its location in a transition, after the browser's URL has moved: until it catches up, the
    // URL seen here is the one before the move. A store that moved meanwhile (Back clicked just as review's URL was
    // written) waits for it, rather than take the move that lands for the visitor's own and go back to review.
    // (A memory router, which has no history index, keeps no URL but its own.)
    const index = historyIndex();
    if (index !== null && readStepParam(new URLSearchParams(window.location.search)) !== url) return;
    const current: HistorySnapshot = { url, store, index };
    const action = historyAction({
      previous: last.current,
      current,
      pop: navigationType === 'POP',
      entry: useBookingStore.getState().historyEntry,
      canVisit: now.canVisit,
      applies: now.applies,
    });
    last.current = current;
    const write = (step: StepId, replace: boolean) => void navigate({ search: searchWithStep(search, step) }, { replace });

    switch (action.kind) {
      case 'none':
        return;
      case 'write':
        write(action.step, action.replace);
        // Once the navigation lands the URL names this step: a move of the store before then is judged against it.
        last.current = { ...current, url: action.step };
        return;
      case 'go':
        void navigate(action.delta);
        return;
      case 'visit': {
        const target = action.step;
        void now.visit(target).then(() => {
          // Review could not be reached (the selections call failed): the URL goes back to the step the visitor is on.
          const reached = useBookingStore.getState().step;
          if (reached !== target && last.current?.url === target) write(reached, true);
        });
        return;
      }
    }
    // Only a change of step (in the URL or the store) is a move; navigate and the flow are read through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, url, store, flow.settled]);
}
