import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The header's menu button on small screens: a disclosure (WAI-ARIA APG)
 * that shows and hides the main navigation. Escape closes it and returns
 * focus to the button; a press outside the header, a link chosen inside, or
 * a route change closes it too. On wide screens CSS hides the button and
 * shows the navigation inline, whatever the state.
 */
export function useHeaderMenu() {
  // Open on the page it was opened on only, so a new page starts with the menu shut.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const { pathname } = useLocation();
  const open = openOn === pathname;
  const navId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpenOn(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const inMenu = (target: EventTarget | null) =>
      target instanceof Node && Boolean(navRef.current?.contains(target) || buttonRef.current?.contains(target));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Escape in a modal opened from the menu closes the modal, which hands focus back to its opener in the menu.
      if (document.activeElement instanceof Element && document.activeElement.closest('[role="dialog"]')) return;
      close(inMenu(document.activeElement));
    };
    const onPointerDown = (event: PointerEvent) => {
      if (inMenu(event.target)) return;
      // The agent modal opened from the menu sits outside the header; pressing inside it must not shut the menu behind it.
      if (event.target instanceof Element && event.target.closest('[role="dialog"], .modal-overlay')) return;
      close(false);
    };
    const onClick = (event: MouseEvent) => {
      // A link chosen in the menu shuts it, even one to the page already shown.
      if (event.target instanceof Element && inMenu(event.target) && event.target.closest('nav a[href]')) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('click', onClick);
    };
  }, [open, close]);

  const toggle = useCallback(() => setOpenOn((current) => (current === pathname ? null : pathname)), [pathname]);
  return { open, navId, buttonRef, navRef, toggle };
}
