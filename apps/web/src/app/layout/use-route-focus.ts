import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A client-side route change is silent for screen readers and leaves focus on
 * the link just used; moving focus to <main> starts the new page from its top.
 * Search-only changes (the currency switch) keep focus where it is.
 */
export function useRouteFocus(mainId: string): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [pathname, mainId]);
}
