import { zodResolver } from '@hookform/resolvers/zod';
import { createStaffRefund, type StaffPayment } from '@tours/domain/contracts/staff/money';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/field.tsx';
import { Modal } from '../../../../components/ui/modal.tsx';
import { useAttemptKey } from '../../../lib/attempt-key.ts';
import { staffCall } from '../../../lib/staff-api.ts';
import { money } from '../format.ts';
import { methodLabel } from '../labels.ts';
import { refundFormSchema, type RefundFormValues } from './money-forms.ts';
import { ReasonDialog } from './reason-dialog.tsx';

interface RefundDialogProps {
  bookingId: number;
  payment: StaffPayment;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * A refund of one payment, in its own currency: all that is left of it, or
 * a part no larger (the API refuses more, and two refunds at once cannot
 * both take the last of it). The amount first, then a confirmation with the
 * reason; one Idempotency-Key from the dialog's opening to its close.
 */
export function RefundDialog({ bookingId, payment, onClose, onDone }: RefundDialogProps) {
  const { key } = useAttemptKey();
  const [amount, setAmount] = useState<number | null>(null);
  const resolver = zodResolver(refundFormSchema(payment.refundable)) as unknown as Resolver<RefundFormValues, unknown, { amount: number }>;
  const form = useForm<RefundFormValues, unknown, { amount: number }>({ resolver, defaultValues: { whole: 'full', amount: '' } });
  const whole = useWatch({ control: form.control, name: 'whole' });
  const { errors } = form.formState;
  const currency = payment.amount.currency;

  if (amount !== null) {
    const refund = money({ value: amount, currency });
    return (
      <ReasonDialog
        bookingId={bookingId}
        attemptKey={key}
        title={`Refund ${refund}?`}
        confirmLabel={`Refund ${refund}`}
        onClose={() => setAmount(null)}
        onDone={onDone}
        act={async (reason, idempotencyKey) => {
          const { body } = await staffCall(createStaffRefund, { params: { booking: bookingId }, body: { payment_id: payment.id, amount, reason }, idempotencyKey });
          const state = body.data.status === 'pending' ? 'is under way' : body.data.status === 'succeeded' ? 'is made' : 'failed';
          return `The refund of ${refund} on payment ${payment.reference} (${body.data.reference}) ${state}.`;
        }}
      >
        <p>
          {refund} of payment {payment.reference} ({methodLabel(payment.method)}, {money(payment.amount)}) goes back to the payer.{' '}
          {payment.method === 'card' ? 'The card provider refunds the card.' : 'Return the money the way it came; the refund is recorded as made.'}
        </p>
      </ReasonDialog>
    );
  }

  return (
    <Modal open onClose={onClose} title={`Refund payment ${payment.reference}`}>
      <form className="console-form" noValidate onSubmit={form.handleSubmit((values) => setAmount(values.amount))}>
        <dl className="console-facts console-facts--money">
          <dt>Paid</dt>
          <dd className="console-money">{money(payment.amount)}</dd>
          <dt>Refunded</dt>
          <dd className="console-money">{money(payment.refunded)}</dd>
          {payment.refund_pending.value > 0 ? (
            <>
              <dt>Being refunded</dt>
              <dd className="console-money">{money(payment.refund_pending)}</dd>
            </>
          ) : null}
          <dt>Left to refund</dt>
          <dd className="console-money">{money(payment.refundable)}</dd>
        </dl>
        <fieldset className="console-choice">
          <legend className="field__label">How much</legend>
          <label className="console-check">
            <input type="radio" value="full" {...form.register('whole')} />
            All that is left: {money(payment.refundable)}
          </label>
          <label className="console-check">
            <input type="radio" value="part" {...form.register('whole')} />
            Part of it
          </label>
        </fieldset>
        {whole === 'part' ? (
          <TextField
            label={`Amount to refund (${currency})`}
            hint={`At most ${money(payment.refundable)}, for example 100.00`}
            inputMode="decimal"
            autoComplete="off"
            required
            error={errors.amount?.message}
            {...form.register('amount')}
          />
        ) : null}
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
