import type { FieldErrors } from 'react-hook-form';

/**
 * Reading react-hook-form's error tree, for every form that moves focus to
 * its first message after a failed check (the booking flow's participants,
 * the account area's answers).
 */

/** Dot paths of every message in the error tree, e.g. 'participants.0.address.city' or 'apis.issue_date'. */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'root' || value === null || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string') paths.push(path);
    paths.push(...errorPaths(value as FieldErrors, path));
  }
  return paths;
}

/** Focuses the first control, in page order, whose name carries a message; false when none could take focus. */
export function focusFirstInvalid(container: HTMLElement | null, errors: FieldErrors): boolean {
  if (!container) return false;
  const invalid = new Set(errorPaths(errors));
  const target = [...container.querySelectorAll<HTMLElement>('[name]')].find((element) => invalid.has(element.getAttribute('name') ?? ''));
  target?.focus();
  return target !== undefined;
}
