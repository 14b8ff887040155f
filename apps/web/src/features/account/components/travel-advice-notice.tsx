import { OPERATOR } from '@tours/domain/operator';
import { Notice } from '../../../components/ui/notice.tsx';

/** The foreign-travel-advice notice of /account and the Booked Item page (spec section 2). */
export function TravelAdviceNotice() {
  return (
    <Notice title="Travelling abroad?" titleAs="h2" className="travel-advice">
      <p>
        Before you travel, read the{' '}
        <a className="text-link" href={OPERATOR.governmentTravelAdviceUrl} target="_blank" rel="noreferrer">
          government&apos;s foreign travel advice (opens in a new tab)
        </a>
        .
      </p>
    </Notice>
  );
}
