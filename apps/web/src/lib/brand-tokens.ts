import { OPERATOR } from '@tours/domain/operator';

/**
 * The operator's colours come from the domain package (white-label: one file
 * to change), so they are set as CSS custom properties at start-up; every
 * other colour in the stylesheets is derived from these three.
 */
export function applyBrandTokens(root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--brand-primary', OPERATOR.colours.primary);
  root.style.setProperty('--brand-accent', OPERATOR.colours.accent);
  root.style.setProperty('--brand-surface', OPERATOR.colours.surface);
}
