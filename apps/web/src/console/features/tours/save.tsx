import { parseMajorUnits, formatMajorUnits } from '@tours/domain/catalogue/season-csv';
import { CURRENCIES, type CurrencyCode } from '@tours/domain/money';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';

/** Prices as a form holds them: what staff type, in major units ('1950.00'). */
export type PriceFields = Record<CurrencyCode, string>;

export const priceFieldsOf = (prices: Record<CurrencyCode, number>): PriceFields =>
  Object.fromEntries(CURRENCIES.map((currency) => [currency, formatMajorUnits(prices[currency])])) as PriceFields;

/** Typed prices in minor units; text that is no price becomes NaN, which the contract's schema refuses with its message. */
export const pricesOf = (fields: PriceFields): Record<CurrencyCode, number> =>
  Object.fromEntries(CURRENCIES.map((currency) => [currency, parseMajorUnits(fields[currency]) ?? Number.NaN])) as Record<CurrencyCode, number>;

export function PriceInputs<Form extends FieldValues>({ form, name, legend }: { form: UseFormReturn<Form, unknown, never> | UseFormReturn<Form, unknown, unknown>; name: string; legend: string }) {
  const errors = form.formState.errors as Record<string, Record<string, { message?: string }> | undefined>;
  return (
    <fieldset className="console-fieldset">
      <legend>{legend}</legend>
      <div className="console-form__grid">
        {CURRENCIES.map((currency) => (
          <TextField key={currency} label={currency} inputMode="decimal" required error={errors[name]?.[currency]?.message} {...form.register(`${name}.${currency}` as Path<Form>)} />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * What a refused save shows: someone else's change (412) with a Reload
 * button, the field messages on their fields, anything else above the form.
 * Returns the 412's message, for the notice.
 */
export function showRefusal<Form extends FieldValues>(error: unknown, form: { setError: UseFormReturn<Form>['setError'] }, fieldOf: (field: string) => string = (field) => field): string | null {
  if (!isApiRequestError(error)) throw error;
  if (error.code === 'PRECONDITION_FAILED') return error.message;
  const fields = Object.entries(error.fields);
  for (const [field, message] of fields) form.setError(fieldOf(field) as Path<Form>, { message });
  if (fields.length === 0) form.setError('root' as Path<Form>, { message: error.message });
  return null;
}

export function SaveNotices({ saved, stale, root, onReload, what }: { saved: string | null; stale: string | null; root: string | undefined; onReload: () => void; what: string }) {
  return (
    <>
      {saved ? (
        <Notice tone="success" role="status">
          <p>{saved}</p>
        </Notice>
      ) : null}
      {stale ? (
        <Notice tone="warning" role="alert" title="Not saved">
          <p>{stale}</p>
          <Button variant="secondary" onClick={onReload}>
            Reload the {what}
          </Button>
        </Notice>
      ) : null}
      {root ? (
        <Notice tone="danger" role="alert">
          <p>{root}</p>
        </Notice>
      ) : null}
    </>
  );
}

/**
 * A catalogue form's save: what it says once saved, someone else's change
 * (412) to offer a reload for, and the refusal's field messages on their
 * fields. `afterSave` runs once saved (a new record's form empties itself).
 */
export function useSave<Form extends FieldValues, Body>(
  form: UseFormReturn<Form, unknown, Body>,
  onSave: (body: Body) => Promise<string>,
  { afterSave, fieldOf }: { afterSave?: () => void; fieldOf?: (field: string) => string } = {},
) {
  const [saved, setSaved] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setSaved(null);
    setStale(null);
    try {
      setSaved(await onSave(body));
      afterSave?.();
    } catch (error) {
      setStale(showRefusal(error, form, fieldOf));
    }
  });
  return { saved, stale, submit };
}
