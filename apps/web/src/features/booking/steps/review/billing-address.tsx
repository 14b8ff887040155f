import { zodResolver } from '@hookform/resolvers/zod';
import { BILLING_VALIDATION_DELAY_MS, billingAddressSchema, DEFAULT_COUNTRY } from '@tours/domain';
import { useEffect, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { AddressFields } from '../../../../components/forms/address-fields.tsx';
import type { BillingAddress } from '../../payment/payer.ts';

const billingFormSchema = z.object({ billing: billingAddressSchema });
type BillingFormValues = z.input<typeof billingFormSchema>;

const EMPTY: BillingFormValues['billing'] = { line_1: '', line_2: '', line_3: '', city: '', state: '', postal_code: '', country: DEFAULT_COUNTRY };

/**
 * The alternative billing address (spec sections 2 and 5, Account forms:
 * the same fields and messages): postcode lookup for UK addresses, then the
 * lines anyone can type. Checked with the domain's billing schema 100 ms
 * after the last change (spec section 9); only a complete address is handed
 * on, so no payment token is requested for a half-typed one. Messages show
 * per field once it has been left, as everywhere else on the site.
 */
export function BillingAddressForm({ onChange }: { onChange: (address: BillingAddress | null) => void }) {
  const form = useForm<BillingFormValues, unknown, z.output<typeof billingFormSchema>>({
    resolver: zodResolver(billingFormSchema),
    defaultValues: { billing: EMPTY },
    mode: 'onTouched',
  });
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => {
    let handle: ReturnType<typeof setTimeout> | undefined;
    const check = (values: Partial<BillingFormValues>) => {
      clearTimeout(handle);
      handle = setTimeout(() => {
        const parsed = billingAddressSchema.safeParse(values.billing);
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
        <AddressFields name="billing" stateLabel="County or state" />
      </form>
    </FormProvider>
  );
}
