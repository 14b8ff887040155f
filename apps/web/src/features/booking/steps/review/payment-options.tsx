import type { PrePaymentDetails } from '@tours/domain/contracts/selections';
import { SCREEN_TEXT } from '@tours/domain/messages';
import { formatAmount, type CurrencyCode } from '@tours/domain/money';
import { amountToPay, depositOffered, type PaymentOption } from '@tours/domain/pricing/payment-amounts';
import { useId } from 'react';
import { usePaymentStore } from '../../store/payment-store.ts';

interface PaymentOptionsProps {
  details: PrePaymentDetails;
  currency: CurrencyCode;
  offered: readonly PaymentOption[];
  chosen: PaymentOption;
  promotionActive: boolean;
  enabled: boolean;
}

const TITLES: Record<PaymentOption, string> = { deposit: 'Pay the deposit', full: 'Pay in full' };

/**
 * 'deposit' and 'full' (spec section 4, Step 4 payment), each with the amount
 * the card will be charged. The deposit is only among `offered` when it is
 * above 0, below the total and no promotion is active (the domain's rule);
 * where the promotion alone keeps it away, a line under the options says so.
 */
export function PaymentOptions({ details, currency, offered, chosen, promotionActive, enabled }: PaymentOptionsProps) {
  const money = (value: number) => formatAmount(value, currency);
  const total = details.total_price.value;
  const noteId = useId();
  const depositWithheld = promotionActive && depositOffered(details, false);
  return (
    <fieldset className="option-section payment-options" disabled={!enabled} aria-describedby={depositWithheld ? noteId : undefined}>
      <legend className="option-section__legend">How would you like to pay?</legend>
      <ul className="option-list">
        {offered.map((option) => {
          const amount = amountToPay(details, option, promotionActive);
          return (
            <li key={option}>
              <label className="option-card">
                <input
                  type="radio"
                  name="payment-option"
                  value={option}
                  checked={chosen === option}
                  onChange={() => usePaymentStore.getState().chooseOption(option)}
                />
                <span className="option-card__body">
                  <span className="option-card__title">{TITLES[option]}</span>
                  <span className="option-card__text">
                    {option === 'deposit'
                      ? `The balance of ${money(total - amount)} is paid later, before you travel.`
                      : 'The whole cost of your booking now.'}
                  </span>
                </span>
                <span className="option-card__price">{money(amount)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {depositWithheld ? (
        <p className="payment__no-deposit" id={noteId}>
          {SCREEN_TEXT.promoNoDeposit}
        </p>
      ) : null}
    </fieldset>
  );
}
