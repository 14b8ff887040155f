import { zodResolver } from '@hookform/resolvers/zod';
import { postalAddressSchema } from '@tours/domain/account/forms';
import { DEFAULT_COUNTRY } from '@tours/domain/countries';
import { BILLING_VALIDATION_DELAY_MS } from '@tours/domain/timing';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { AddressFields } from './address-fields.tsx';

const billingFormSchema = z.object({ billing: postalAddressSchema });
type BillingFormValues = z.input<typeof billingFormSchema>;
export type BillingAddress = z.output<typeof postalAddressSchema>;

const EMPTY: BillingFormValues['billing'] = { line_1: '', line_2: '', line_3: '', city: '', state: '', postal_code: '', country: DEFAULT_COUNTRY };

export interface BillingAddressHandle {
  /** Checks every field now, shows its message and focuses the first one wrong; true when the address is complete. */
  validate: () => Promise<boolean>;
}

interface BillingAddressFormProps {
  onChange: (address: BillingAddress | null) => void;
  /** 'County or state' in the booking flow; the account area says 'State' (spec section 2). */
  stateLabel?: string;
  /** For a page that checks the address when the visitor tries to pay. */
  handleRef?: Ref<BillingAddressHandle>;
}

/**
 * The alternative billing address of the booking flow's step 4a and the
 * account area's 'Make a payment' (spec sections 2 and 5, Account forms: the
 * same fields and messages): postcode lookup for UK addresses, then the lines
 * anyone can type. Checked with the domain's billing schema 100 ms after the
 * last change (spec section 9); only a complete address is handed on, so no
 * payment token is requested for a half-typed one. Messages show per field
 * once it has been left, as everywhere else on the site, or all at once when
 * the page asks (handleRef).
 */
export function BillingAddressForm({ onChange, stateLabel = 'County or state', handleRef }: BillingAddressFormProps) {
  const form = useForm<BillingFormValues, unknown, z.output<typeof billingFormSchema>>({
    resolver: zodResolver(billingFormSchema),
    defaultValues: { billing: EMPTY },
    mode: 'onTouched',
  });
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });

  // Submitted, so that from now on every change (a chosen address included) re-checks its field at once.
  useImperativeHandle(
    handleRef,
    () => ({
      validate: async () => {
        let valid = false;
        await form.handleSubmit(() => {
          valid = true;
        })();
        return valid;
      },
    }),
    [form],
  );

  useEffect(() => {
    let handle: ReturnType<typeof setTimeout> | undefined;
    const check = (values: Partial<BillingFormValues>) => {
      clearTimeout(handle);
      handle = setTimeout(() => {
        const parsed = postalAddressSchema.safeParse(values.billing);
        report.current(parsed.success ? parsed.data : null);
      }, BILLING_VALIDATION_DELAY_MS);
    };
    const stop = form.subscribe({ formState: { values: true }, callback: ({ values }) => check(values) });
    return () => {
      clearTimeout(handle);
      stop();
      report.current(null);
    };
  }, [form]);

  return (
    <FormProvider {...form}>
      <form className="billing-address" aria-label="Billing address" noValidate onSubmit={(event) => event.preventDefault()}>
        <AddressFields name="billing" stateLabel={stateLabel} />
      </form>
    </FormProvider>
  );
}
