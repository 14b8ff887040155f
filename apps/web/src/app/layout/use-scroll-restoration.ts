import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * What React Router's data-mode <ScrollRestoration> did for us, in a few
 * lines: a new page (a link, a redirect) starts at its top; Back and Forward
 * return to where the visitor was on that entry. A change of the query alone
 * (filters, the currency, the booking step) leaves the scroll to the page,
 * which knows whether it starts over (the booking flow scrolls up itself
 * when the step changes, features/booking/components/booking-view.tsx).
 * Positions are kept for this page load only: nothing is written to storage
 * that logout would have to clear.
 */
export function useScrollRestoration(): void {
  const { key, pathname } = useLocation();
  const action = useNavigationType();
  /** Where the visitor had scrolled, by history entry (location.key). */
  const positions = useRef(new Map<string, number>());
  const current = useRef({ key, pathname });

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const record = () => positions.current.set(current.current.key, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);

  // Before the browser paints the new entry, so it never flashes at the old position.
  useLayoutEffect(() => {
    const previous = current.current;
    current.current = { key, pathname };
    if (previous.key === key) return;
    if (action === 'POP') {
      const saved = positions.current.get(key);
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    if (previous.pathname !== pathname) window.scrollTo(0, 0);
  }, [key, pathname, action]);
}
