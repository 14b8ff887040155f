import { zodResolver } from '@hookform/resolvers/zod';
import { recordStaffPayment } from '@tours/domain/contracts/staff/money';
import { calendarDateIn } from '@tours/domain/dates';
import type { CurrencyCode } from '@tours/domain/money';
import { OPERATOR } from '@tours/domain/operator';
import { OFFLINE_PAYMENT_METHOD_LABELS, OFFLINE_PAYMENT_METHODS, type OfflinePaymentMethod } from '@tours/domain/staff/money';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '../../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../../components/ui/field.tsx';
import { Modal } from '../../../../components/ui/modal.tsx';
import { useAttemptKey } from '../../../lib/attempt-key.ts';
import { staffCall } from '../../../lib/staff-api.ts';
import { day, money } from '../format.ts';
import { offlinePaymentFormSchema, type OfflinePayment, type OfflinePaymentFormValues } from './money-forms.ts';
import { ReasonDialog } from './reason-dialog.tsx';

interface RecordPaymentDialogProps {
  bookingId: number;
  currency: CurrencyCode;
  onClose: () => void;
  onDone: (message: string) => void;
}

const resolver = zodResolver(offlinePaymentFormSchema()) as unknown as Resolver<OfflinePaymentFormValues, unknown, OfflinePayment>;

/**
 * Money received another way than by card (bank transfer, the agency,
 * cheque, cash), in the booking's currency: the details first, then a
 * confirmation with the reason. One attempt from the dialog's opening to
 * its close: going back to correct the details keeps its Idempotency-Key.
 */
export function RecordPaymentDialog({ bookingId, currency, onClose, onDone }: RecordPaymentDialogProps) {
  const { key } = useAttemptKey();
  const [payment, setPayment] = useState<OfflinePayment | null>(null);
  const today = calendarDateIn(new Date(), OPERATOR.timeZone);
  const form = useForm<OfflinePaymentFormValues, unknown, OfflinePayment>({ resolver, defaultValues: { amount: '', method: '', reference: '', received_on: today } });
  const { errors } = form.formState;

  if (payment) {
    const amount = money({ value: payment.amount, currency });
    return (
      <ReasonDialog
        bookingId={bookingId}
        attemptKey={key}
        title={`Record ${amount} received?`}
        confirmLabel={`Record ${amount}`}
        onClose={() => setPayment(null)}
        onDone={onDone}
        act={async (reason, idempotencyKey) => {
          const { body } = await staffCall(recordStaffPayment, { params: { booking: bookingId }, body: { ...payment, reason }, idempotencyKey });
          const outcome = body.data.outcome.status === 'unconfirmed' ? ' The booking could not be confirmed: it is in the work queue.' : '';
          return `The payment of ${amount} (${body.data.payment.reference}) is recorded.${outcome}`;
        }}
      >
        <p>
          {amount} by {OFFLINE_PAYMENT_METHOD_LABELS[payment.method as OfflinePaymentMethod].toLowerCase()}, received on {day(payment.received_on)}, their reference {payment.reference}. The booking’s
          balance falls by this amount.
        </p>
      </ReasonDialog>
    );
  }

  return (
    <Modal open onClose={onClose} title="Record an offline payment">
      <form className="console-form" noValidate onSubmit={form.handleSubmit((values) => setPayment(values))}>
        <TextField label={`Amount (${currency})`} hint="As received, for example 250.00" inputMode="decimal" autoComplete="off" required error={errors.amount?.message} {...form.register('amount')} />
        <SelectField label="How it was paid" required error={errors.method?.message} {...form.register('method')}>
          <option value="">Choose…</option>
          {OFFLINE_PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {OFFLINE_PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        <TextField label="Their reference" hint="The bank’s, the agency’s or the cheque number" autoComplete="off" required error={errors.reference?.message} {...form.register('reference')} />
        <TextField label="Received on" type="date" max={today} required error={errors.received_on?.message} {...form.register('received_on')} />
        <div className="console-actions">
          <Button type="submit">Continue</Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
