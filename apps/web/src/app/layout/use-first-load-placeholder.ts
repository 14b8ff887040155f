import { useEffect, useState } from 'react';

/**
 * When the header's placeholder ends, counted from the first time any header
 * mounted in this page load. Module state, not component state: the spec's
 * 1.5 s placeholder (section 2, Header) covers the app's first load while a
 * restored session settles; a header that mounts again (a route change, a
 * layout that recovers from an error) must not make the visitor wait again.
 */
let endsAt: number | null = null;

/** True while the placeholder should show: for `ms` after the first mount, never again in this page load. */
export function useFirstLoadPlaceholder(ms: number): boolean {
  const [showing, setShowing] = useState(() => ms > 0 && (endsAt === null || Date.now() < endsAt));
  useEffect(() => {
    if (ms <= 0) return;
    endsAt ??= Date.now() + ms;
    const left = endsAt - Date.now();
    if (left <= 0) {
      setShowing(false);
      return;
    }
    const handle = setTimeout(() => setShowing(false), left);
    return () => clearTimeout(handle);
  }, [ms]);
  return showing;
}

/** A fresh page load, for tests that render the app several times in one module. */
export function resetFirstLoadPlaceholder(): void {
  endsAt = null;
}
