import { ALERTS } from '@tours/domain/messages';
import { get, useFormState, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { addAlert } from '../../../lib/alerts.ts';
import { focusFirstInvalid } from '../../../lib/form-errors.ts';
import { CLIENT_ERROR_CODES, isApiRequestError, type ApiRequestError } from '../../../lib/api-error.ts';

/**
 * What the account forms of this tab share: reading a field's message,
 * focusing the first field in error, and showing the server's field messages
 * (the same schema checks both, so they only differ when the server knows
 * more, such as the tour's dates).
 */

/** The message at a dot path of the surrounding form, for a field component. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

/** A check that failed with field messages: the form shows them itself, so no general toast. */
export function isFieldValidationError(error: unknown): error is ApiRequestError {
  return (
    isApiRequestError(error) &&
    (error.status === 400 || error.code === CLIENT_ERROR_CODES.invalidRequest) &&
    Object.keys(error.fields).length > 0
  );
}

/**
 * Puts the server's field messages at their fields ('apis.expiry_date'); a
 * message for no field of this form goes to the form's root, so it is never
 * lost. Raises the general validation alert and focuses the first field.
 */
export function showServerErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'setError' | 'formState'>,
  error: ApiRequestError,
  container: HTMLElement | null,
  fieldNames: readonly string[],
): void {
  for (const [path, message] of Object.entries(error.fields)) {
    const name = fieldNames.find((field) => field === path) ?? null;
    if (name) form.setError(name as FieldPath<Values>, { type: 'server', message }, { shouldFocus: false });
    else form.setError('root.server', { type: 'server', message });
  }
  addAlert(ALERTS.validationErrors);
  // The messages render on the next paint; focus the field once they are there.
  requestAnimationFrame(() => focusFirstInvalid(container, form.formState.errors));
}

/** Every leaf path of a values object: the names the form registers. */
export function leafPaths(values: unknown, prefix = ''): string[] {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return prefix ? [prefix] : [];
  return Object.entries(values as Record<string, unknown>).flatMap(([key, value]) => leafPaths(value, prefix ? `${prefix}.${key}` : key));
}
