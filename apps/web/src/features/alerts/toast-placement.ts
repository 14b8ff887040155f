import { useEffect, useState, type RefObject } from 'react';

/**
 * Where the toast stack sits so that it never covers the field being edited.
 * Spec section 2 puts toasts bottom-right; on a phone that is where the field
 * being typed into often is (the keyboard pushes it down), so whenever the
 * stack would overlap the focused field it moves to the top edge instead.
 * Measured with bounding boxes, as the visitor sees them. The stack's element
 * carries its edge in data-edge.
 */
export type ToastEdge = 'bottom' | 'top';

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlap = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * The edge for a stack of this size: bottom unless it would cover the field,
 * then top unless that covers it too; failing both, whichever covers less.
 * `stack` gives the stack's width and height and its horizontal position,
 * which both edges share; `inset` is the gap kept from the viewport's edge.
 */
export function chooseToastEdge(stack: Box, field: Box | null, viewportHeight: number, inset: number): ToastEdge {
  if (!field) return 'bottom';
  const height = stack.bottom - stack.top;
  const atBottom = { left: stack.left, right: stack.right, bottom: viewportHeight - inset, top: viewportHeight - inset - height };
  const atTop = { left: stack.left, right: stack.right, top: inset, bottom: inset + height };
  const bottomCover = overlap(atBottom, field);
  if (bottomCover === 0) return 'bottom';
  return overlap(atTop, field) < bottomCover ? 'top' : 'bottom';
}

/** The element being edited or used, unless it is the page itself or part of the stack (its dismiss buttons). */
function focusedField(stack: HTMLElement): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || active === document.documentElement) return null;
  if (stack.contains(active)) return null;
  // Focus moved to <main> or a heading after a route or step change is not a field anyone types into.
  if (active.tabIndex < 0 && !active.isContentEditable) return null;
  return active;
}

/** Keeps the edge right as focus moves, the page scrolls, the viewport changes (a phone's keyboard) and toasts come and go. */
export function useToastEdge(stackRef: RefObject<HTMLElement | null>, count: number): ToastEdge {
  const [edge, setEdge] = useState<ToastEdge>('bottom');

  useEffect(() => {
    const stack = stackRef.current;
    if (!stack || count === 0) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const field = focusedField(stack);
      const viewportHeight = document.documentElement.clientHeight || window.innerHeight;
      const box = stack.getBoundingClientRect();
      // The gap the stack keeps from its edge now is the one it keeps at the other.
      const inset = Math.max(0, stack.dataset.edge === 'top' ? box.top : viewportHeight - box.bottom);
      setEdge(chooseToastEdge(box, field?.getBoundingClientRect() ?? null, viewportHeight, inset));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    const viewport = window.visualViewport;
    document.addEventListener('focusin', schedule);
    document.addEventListener('focusout', schedule);
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    viewport?.addEventListener('resize', schedule);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      document.removeEventListener('focusin', schedule);
      document.removeEventListener('focusout', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      viewport?.removeEventListener('resize', schedule);
    };
  }, [stackRef, count]);

  // With no toasts there is nothing to place; the next one starts from the spec's corner.
  return count === 0 ? 'bottom' : edge;
}
