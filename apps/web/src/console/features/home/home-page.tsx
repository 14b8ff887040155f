import { STAFF_MESSAGES } from '@tours/domain/staff/messages';
import { PERMISSION_TABLE, STAFF_ROLE_LABELS } from '@tours/domain/staff/permissions';
import { Link, useLocation } from 'react-router';
import { Notice } from '../../../components/ui/notice.tsx';
import { sectionsFor } from '../../app/navigation.ts';
import { usePageHeading } from '../../app/use-page-title.ts';
import { useStaffMe } from '../../lib/staff-session.ts';
import { LowStock } from './low-stock.tsx';
import { WorkQueue } from './work-queue.tsx';

const listFormat = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

/**
 * The console's home: who is signed in, with which roles, and what those
 * roles let them do, from the domain's permission table, so what a member
 * reads here is exactly what the API allows them.
 */
export function HomePage() {
  const { member, permissions, session } = useStaffMe();
  const heading = usePageHeading(`Welcome, ${member.name}`);
  const forbidden = (useLocation().state as { forbidden?: boolean } | null)?.forbidden === true;
  const sections = sectionsFor(permissions).filter((section) => section.path !== '/');
  const until = new Date(session.expires_at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        Welcome, {member.name}
      </h1>
      {forbidden ? (
        <Notice tone="warning" role="alert">
          <p>{STAFF_MESSAGES.forbidden}</p>
        </Notice>
      ) : null}
      <p className="console-lead">
        You are signed in as {member.email} with the {listFormat.format(member.roles.map((role) => STAFF_ROLE_LABELS[role]))} role
        {member.roles.length > 1 ? 's' : ''}. Your session lasts until {until} at the latest, and ends after 30 minutes without use.
      </p>
      {permissions.includes('bookings.read') ? <WorkQueue /> : null}
      {permissions.includes('catalogue.edit') ? <LowStock /> : null}
      <section aria-labelledby="can-do">
        <h2 id="can-do">What your roles let you do</h2>
        <ul className="console-permissions">
          {permissions.map((permission) => (
            <li key={permission}>{PERMISSION_TABLE[permission].lets}</li>
          ))}
        </ul>
      </section>
      {sections.length > 0 ? (
        <section aria-labelledby="go-to">
          <h2 id="go-to">Go to</h2>
          <ul className="console-links">
            {sections.map((section) => (
              <li key={section.path}>
                <Link to={section.path}>{section.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
