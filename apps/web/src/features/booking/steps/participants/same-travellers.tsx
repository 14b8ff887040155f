import { useId } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { formatPersonName } from '@tours/domain';
import { hasTravellers, usePassengerStore } from '../../store/passenger-store.ts';

/**
 * 'Use the same travellers': a new booking starts with an empty form (issue
 * 25), and a visitor who booked before, or began another booking, may fill it
 * with those travellers in one press. Offered only while nothing has been typed.
 */
export function SameTravellers({ max }: { max: number }) {
  const previous = usePassengerStore((state) => state.previous);
  const untouched = usePassengerStore((state) => !hasTravellers(state.participants));
  const textId = useId();
  if (!previous || !untouched) return null;
  const names = previous
    .slice(0, max)
    .map((participant) => formatPersonName({ title: participant.title, forename: participant.given_name, surname: participant.family_name }))
    .filter((name) => name !== '');
  if (names.length === 0) return null;
  return (
    <div className="same-travellers">
      <p id={textId}>Booking for the same people as last time? {names.join(' and ')}.</p>
      <Button variant="secondary" aria-describedby={textId} onClick={() => usePassengerStore.getState().usePrevious(max)}>
        Use the same travellers
      </Button>
    </div>
  );
}
