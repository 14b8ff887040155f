import { oneOffAmountSchema, type AccountPaymentOption } from '@tours/domain/account/payment';
import { formatAmount, type CurrencyCode } from '@tours/domain/money';
import type { Ref } from 'react';
import { TextField } from '../../../components/ui/field.tsx';

interface PaymentAmountProps {
  outstanding: number;
  currency: CurrencyCode;
  option: AccountPaymentOption;
  onOption: (option: AccountPaymentOption) => void;
  typed: string;
  onTyped: (typed: string) => void;
  /** Whether the one-off amount's message is shown (after leaving the box, or trying to pay). */
  checked: boolean;
  onChecked: () => void;
  disabled: boolean;
  amountRef: Ref<HTMLInputElement>;
}

/** The one-off amount's message, from the domain's rule (at most the balance, two decimals, above 0). */
export function oneOffAmountError(outstanding: number, typed: string): string | undefined {
  const parsed = oneOffAmountSchema(outstanding).safeParse(typed);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * 'Pay full balance' (showing the balance, or N/A when there is none) and
 * 'One-off payment' with its amount box (spec section 2, Make a payment).
 */
export function PaymentAmount({ outstanding, currency, option, onOption, typed, onTyped, checked, onChecked, disabled, amountRef }: PaymentAmountProps) {
  const hasBalance = outstanding > 0;
  const balance = hasBalance ? formatAmount(outstanding, currency, { pence: 'always' }) : 'N/A';
  const error = checked ? oneOffAmountError(outstanding, typed) : undefined;
  return (
    <fieldset className="make-payment__options" disabled={disabled}>
      <legend className="make-payment__legend">Payment options</legend>
      <label className="make-payment__option">
        <input type="radio" name="account-payment-option" value="full" checked={option === 'full'} disabled={!hasBalance} onChange={() => onOption('full')} />
        <span className="make-payment__option-title">Pay full balance</span>
        <span className="make-payment__option-amount">{balance}</span>
      </label>
      <label className="make-payment__option">
        <input type="radio" name="account-payment-option" value="custom" checked={option === 'custom'} onChange={() => onOption('custom')} />
        <span className="make-payment__option-title">One-off payment</span>
        <span className="make-payment__option-text">An amount of your choice</span>
      </label>
      {option === 'custom' ? (
        <TextField
          ref={amountRef}
          className="make-payment__amount"
          label={`Amount (${currency})`}
          hint={hasBalance ? `Up to ${balance}, with at most two decimal places.` : undefined}
          required
          inputMode="decimal"
          autoComplete="off"
          value={typed}
          error={error}
          onChange={(event) => onTyped(event.target.value)}
          onBlur={onChecked}
        />
      ) : null}
    </fieldset>
  );
}
