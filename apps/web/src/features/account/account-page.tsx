import { OPERATOR } from '@tours/domain';
import { Notice } from '../../components/ui/notice.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /account, 'Manage your bookings'. The account issue fills in 'Your next
 * tour' and 'Other bookings' and sends visitors without a session to /.
 */
export function AccountPage() {
  useDocumentTitle('Manage your bookings');
  return (
    <div className="page">
      <h1>Manage your bookings</h1>
      <Notice title="Travelling abroad?" titleAs="h2">
        <p>
          Before you travel, read the{' '}
          <a className="text-link" href={OPERATOR.governmentTravelAdviceUrl} target="_blank" rel="noreferrer">
            government&apos;s foreign travel advice (opens in a new tab)
          </a>
          .
        </p>
      </Notice>
      <div className="card">
        <p className="lede">Your next tour and your other bookings will be listed here once you have signed in.</p>
      </div>
    </div>
  );
}
