import { HEADER_PLACEHOLDER_MS, OPERATOR } from '@tours/domain';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { PhoneIcon, UserIcon } from '../../components/ui/icons.tsx';
import { Skeleton } from '../../components/ui/spinner.tsx';
import { TravelAgentModal } from '../../features/agent/travel-agent-modal.tsx';
import { useRegionContact } from '../../lib/region.ts';
import { useElapsed } from '../../lib/use-elapsed.ts';
import { useHeaderLinks } from './header-session.ts';
import { LogoMark } from './logo-mark.tsx';

export function SiteHeader() {
  const { phone, tel } = useRegionContact();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand__name">{OPERATOR.companyName}</span>
        </Link>
        <a className="header-phone" href={`tel:${tel}`}>
          <PhoneIcon className="header-phone__icon" />
          <span className="header-phone__label">Call us</span>{' '}
          <span className="header-phone__number">{phone}</span>
        </a>
        <nav className="header-nav" aria-label="Main">
          <NavLink className="header-nav__link" to="/tours">
            Our tours
          </NavLink>
          <SessionLinks />
        </nav>
      </div>
    </header>
  );
}

/**
 * The links that depend on who the visitor is. They wait behind a placeholder
 * for 1.5 s after load (spec section 9) while a restored session settles, so
 * 'Sign in' never flashes up for a visitor who is in fact signed in.
 */
function SessionLinks() {
  const ready = useElapsed(HEADER_PLACEHOLDER_MS);
  const links = useHeaderLinks();
  const [agentModalOpen, setAgentModalOpen] = useState(false);

  if (!ready) {
    return (
      <span className="header-nav__placeholder" data-testid="header-placeholder" aria-hidden="true">
        <Skeleton width="4.5rem" height="1.1rem" />
        <Skeleton width="6.5rem" height="1.1rem" />
      </span>
    );
  }
  return (
    <>
      {/* 'My account' and 'Log out' join here when links.account is true (sign-in issue). */}
      {links.signIn ? (
        <Link className="header-nav__link" to="/">
          <UserIcon className="header-nav__icon" />
          Sign in
        </Link>
      ) : null}
      {links.agentLabel ? (
        <>
          <button type="button" className="header-nav__button" onClick={() => setAgentModalOpen(true)}>
            {links.agentLabel}
          </button>
          <TravelAgentModal open={agentModalOpen} onClose={() => setAgentModalOpen(false)} />
        </>
      ) : null}
    </>
  );
}
