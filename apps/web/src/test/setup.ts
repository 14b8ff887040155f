import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadCalendarViews } from '../components/forms/date-picker.tsx';
import { useAlertStore } from '../lib/alerts.ts';
import { INITIAL_ACCOUNT_SESSION, useAccountSession } from '../lib/auth/account-session.ts';
import { setUserManagerForTests } from '../lib/auth/user-manager.ts';
import { useRegionStore } from '../lib/region.ts';

// The first render of a lazily loaded route compiles its chunk: more than the default 1 s on a busy machine, and
// more than 5 s under CI's other lanes (seen in agent-booking and booked-item-page, each still 'Loading the page…').
// A wait ends as soon as what it waits for appears: only a failing test waits this long.
configure({ asyncUtilTimeout: 15_000 });

// The date picker fetches its calendar when a person reaches for it (a pointer or focus on the field); tests click
// and read the calendar in the same breath, so it is fetched once here, as a pointer over the field would.
await loadCalendarViews();

// jsdom does not scroll; ScrollRestoration and focus({ preventScroll }) call these.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

beforeEach(() => {
  // The account session lives in memory too; reset it before its storage goes, so nothing writes it back.
  useAccountSession.setState(INITIAL_ACCOUNT_SESSION);
  setUserManagerForTests(null);
  window.sessionStorage.clear();
  window.localStorage.clear();
  useAlertStore.getState().clear();
  useRegionStore.setState({ region: 'DEFAULT', detected: false });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
