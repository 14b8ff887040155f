import { Modal } from '../../components/ui/modal.tsx';

export const TRAVEL_AGENT_MODAL_TITLE = 'Travel agent bookings';

/**
 * Opened from the header's 'Travel agents' button. The agent issue adds the
 * Agent ID and Staff email fields with Verify, and the active-session view.
 */
export function TravelAgentModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={TRAVEL_AGENT_MODAL_TITLE}>
      <p>Verify your travel agent profile and continue to make a booking.</p>
    </Modal>
  );
}
