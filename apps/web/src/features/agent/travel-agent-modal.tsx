import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAccountSession } from '../../lib/auth/account-session.ts';
import { endAgentSession } from './end-agent-session.ts';
import './travel-agent.css';

export const TRAVEL_AGENT_MODAL_TITLE = 'Travel agent bookings';
export const END_AGENT_SESSION_LABEL = 'End agent session';

// The form brings react-hook-form and the agent contract: every page has this header, few visitors are agents.
const VerifyAgentForm = lazy(async () => ({ default: (await import('./verify-agent-form.tsx')).VerifyAgentForm }));

/**
 * Opened from the header's 'Travel agents' button (spec section 2, Travel
 * agent modal): without an agent session, the verification form; with one,
 * who the bookings are made as and the way to end the session.
 */
export function TravelAgentModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const agent = useAccountSession((state) => state.agent);
  const staff = useAccountSession((state) => state.agentStaff);
  return (
    <Modal open={open} onClose={onClose} title={TRAVEL_AGENT_MODAL_TITLE}>
      {agent ? <ActiveAgentSession agentName={agent.Name} staffName={staff?.Name ?? null} onEnded={onClose} /> : (
        <Suspense fallback={<Spinner label="Loading" />}>
          <VerifyAgentForm onVerified={onClose} />
        </Suspense>
      )}
    </Modal>
  );
}

function ActiveAgentSession({ agentName, staffName, onEnded }: { agentName: string; staffName: string | null; onEnded: () => void }) {
  const [ending, setEnding] = useState(false);
  const started = useRef(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // The stores clear only once the booking page has gone: left mounted, it would write its booking and
  // participants straight back (and start its booking again from the URL). The location this header
  // sees changes in the same commit that unmounts the page.
  useEffect(() => {
    if (!ending || pathname === '/book' || started.current) return;
    started.current = true;
    // A signed-in customer's logout leaves for the provider: the button stays busy until the page goes.
    void endAgentSession().then(onEnded);
  }, [ending, pathname, onEnded]);

  const end = () => {
    setEnding(true);
    if (pathname === '/book') void navigate('/');
  };

  return (
    <div className="agent-session">
      <p>You&apos;re currently making bookings as agent {agentName}</p>
      {staffName ? <p className="agent-session__staff">Staff member: {staffName}</p> : null}
      <div className="agent-form__actions">
        <Button onClick={end} busy={ending}>
          {ending ? 'Ending agent session…' : END_AGENT_SESSION_LABEL}
        </Button>
      </div>
    </div>
  );
}
