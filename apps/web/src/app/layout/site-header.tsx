import { OPERATOR } from '@tours/domain/operator';
import { HEADER_PLACEHOLDER_MS } from '@tours/domain/timing';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { PhoneIcon, UserIcon } from '../../components/ui/icons.tsx';
import { Skeleton } from '../../components/ui/spinner.tsx';
import { useAgentSessionEndedNotice } from '../../features/agent/end-agent-session.ts';
import { useRegionContact } from '../../lib/region.ts';
import { useHeaderMenu } from './header-menu.ts';
import { useHeaderLinks } from './header-session.ts';
import { LogoMark } from './logo-mark.tsx';
import { LogoutButton } from './logout-button.tsx';
import { useFirstLoadPlaceholder } from './use-first-load-placeholder.ts';

// Every page has this header and few visitors are agents: the modal loads when first wanted (a pointer over the button or focus on it starts it).
const loadTravelAgentModal = () => import('../../features/agent/travel-agent-modal.tsx');
const TravelAgentModal = lazy(async () => ({ default: (await loadTravelAgentModal()).TravelAgentModal }));
const preloadTravelAgentModal = () => void loadTravelAgentModal().catch(() => {});

/**
 * The site header (spec section 2): logo, regional phone and the links. On a
 * phone it is one compact bar (logo, phone as a tel: link, menu button) and
 * the links live in the menu, so the page itself starts in the first screen.
 */
export function SiteHeader() {
  const { phone, tel } = useRegionContact();
  const { open, navId, buttonRef, navRef, toggle } = useHeaderMenu();
  useAgentSessionEndedNotice();
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
        <button
          ref={buttonRef}
          type="button"
          className="header-menu-button"
          aria-expanded={open}
          aria-controls={navId}
          onClick={toggle}
        >
          <MenuIcon open={open} />
          <span className="visually-hidden">Menu</span>
        </button>
        <nav ref={navRef} id={navId} className={open ? 'header-nav header-nav--open' : 'header-nav'} aria-label="Main">
          <NavLink className="header-nav__link" to="/tours">
            Our tours
          </NavLink>
          <SessionLinks />
        </nav>
      </div>
    </header>
  );
}

/** Three bars, or a cross while the menu is open. Decorative: the button says 'Menu' and whether it is expanded. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true" focusable="false">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

/**
 * The links that depend on who the visitor is. They wait behind a placeholder
 * for 1.5 s after the app first loads (spec section 9) while a restored
 * session settles, so 'Sign in' never flashes up for a visitor who is in fact
 * signed in; moving between pages never brings the placeholder back.
 */
function SessionLinks() {
  const loading = useFirstLoadPlaceholder(HEADER_PLACEHOLDER_MS);
  const links = useHeaderLinks();
  const [agentModalOpen, setAgentModalOpen] = useState(false);
  // Mounted from the first opening on, so that closing it runs its own exit (focus back to the button).
  const [agentModalWanted, setAgentModalWanted] = useState(false);

  if (loading) {
    return (
      <span className="header-nav__placeholder" data-testid="header-placeholder" aria-hidden="true">
        <Skeleton width="4.5rem" height="1.1rem" />
        <Skeleton width="6.5rem" height="1.1rem" />
      </span>
    );
  }
  return (
    <>
      {links.account ? (
        <NavLink className="header-nav__link" to="/account" end={false}>
          <UserIcon className="header-nav__icon" />
          My account
        </NavLink>
      ) : null}
      {links.logout ? <LogoutButton /> : null}
      {links.signIn ? (
        <Link className="header-nav__link" to="/">
          <UserIcon className="header-nav__icon" />
          Sign in
        </Link>
      ) : null}
      {links.agentLabel ? (
        <>
          <button
            type="button"
            className="header-nav__button"
            onPointerEnter={preloadTravelAgentModal}
            onFocus={preloadTravelAgentModal}
            onClick={() => {
              setAgentModalWanted(true);
              setAgentModalOpen(true);
            }}
          >
            {links.agentLabel}
          </button>
          {agentModalWanted ? (
            <Suspense fallback={null}>
              <TravelAgentModal open={agentModalOpen} onClose={() => setAgentModalOpen(false)} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </>
  );
}
