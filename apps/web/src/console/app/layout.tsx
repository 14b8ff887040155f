import { endStaffSession } from '@tours/domain/contracts/staff/session';
import { OPERATOR } from '@tours/domain/operator';
import { STAFF_ROLE_LABELS } from '@tours/domain/staff/permissions';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { removeItem, writeJson } from '../../lib/storage.ts';
import { signOutAtProvider } from '../lib/console-oidc.ts';
import { staffCall } from '../lib/staff-api.ts';
import { useStaffMe, useStaffSession } from '../lib/staff-session.ts';
import { CONSOLE_STORAGE_KEYS } from '../lib/storage-keys.ts';
import { sectionsFor } from './navigation.ts';

/**
 * Ends the staff session, then the provider's, which brings the browser back
 * to /admin and its 'signed out' page. The session is forgotten for the tab
 * before the browser leaves, but the page stays as it is until it does:
 * emptying the store now would show 'You have signed out' while the
 * provider's sign-out is still to come, and a click there would cut it short.
 */
async function signOut(): Promise<void> {
  await staffCall(endStaffSession, { body: {} }).catch(() => undefined);
  writeJson(CONSOLE_STORAGE_KEYS.signedOut, true);
  removeItem(CONSOLE_STORAGE_KEYS.session);
  // The provider out of reach: signed out of the console all the same, and told so (RequireSession reads the flag).
  await signOutAtProvider().catch(() => useStaffSession.getState().clear());
}

/** Every signed-in page: the top bar (operator, member, roles, sign-out), the sections the member's roles allow, the page. */
export function ConsoleLayout() {
  const { member, permissions } = useStaffMe();
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="console">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-bar">
        <p className="console-bar__brand">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>
            {OPERATOR.companyName} <span className="console-bar__product">staff console</span>
          </span>
        </p>
        <div className="console-bar__member">
          <p>
            <span className="console-bar__name">{member.name}</span>
            <span className="console-bar__roles">{member.roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ')}</span>
          </p>
          <Button
            variant="secondary"
            busy={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut();
            }}
          >
            Sign out
          </Button>
        </div>
      </header>
      <nav className="console-nav" aria-label="Console">
        <ul>
          {sectionsFor(permissions).map((section) => (
            <li key={section.path}>
              <NavLink to={section.path} end={section.path === '/'}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="console-main" id="main">
        <Outlet />
      </main>
    </div>
  );
}
