import { OPERATOR } from '@tours/domain';
import { Notice } from '../../components/ui/notice.tsx';
import { useAccountSession } from '../../lib/auth/account-session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /account, 'Manage your bookings'. The account issue fills in 'Your next
 * tour' and 'Other bookings' and sends visitors without a session to /.
 */
export function AccountPage() {
  useDocumentTitle('Manage your bookings');
  const email = useAccountSession((state) => state.customer?.email ?? null);
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
        {/* The list of bookings is the account issue's (#11); until then the page says only what is true. */}
        <p className="lede">{email ? `You are signed in as ${email}.` : 'Please sign in to see your bookings.'}</p>
      </div>
    </div>
  );
}
