import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';

/**
 * The screens a booking stops on instead of its steps: the unconfirmed
 * screen, the availability-error screens and 'unable to initiate'. Few
 * visits see one, so each loads when it is shown (a moment's spinner)
 * rather than with every step 1 (issue 15's page weight).
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the screen's own props' type is kept by onDemand's signature
  const Screen = lazy(async () => ({ default: (await load()) as ComponentType<any> }));
  function OnDemandScreen(props: P) {
    return (
      <Suspense
        fallback={
          <div className="booking-page__loading">
            <Spinner label="Loading" />
          </div>
        }
      >
        <Screen {...props} />
      </Suspense>
    );
  }
  return OnDemandScreen;
}

export const UnconfirmedScreen = onDemand(async () => (await import('./unconfirmed-screen.tsx')).UnconfirmedScreen);
export const UnableToInitiate = onDemand(async () => (await import('./availability-error.tsx')).UnableToInitiate);
export const AvailabilityGate = onDemand(async () => (await import('./availability-gate.tsx')).AvailabilityGate);
export const FinishedBookingScreen = onDemand(async () => (await import('./finished-booking.tsx')).FinishedBookingScreen);
