import { SCREEN_TEXT } from '@tours/domain/messages';
import { useAccountSession } from '../../lib/auth/account-session.ts';
import './authenticating-overlay.css';

/**
 * 'Please wait while we authenticate you', over the whole page while a
 * sign-in is under way (spec section 2, Home). A click anywhere clears it (a
 * visitor back from the provider with the Back button must not be stuck);
 * keyboard users have the button.
 */
export function AuthenticatingOverlay() {
  const shown = useAccountSession((state) => state.overlay.status);
  const clear = useAccountSession((state) => state.clearOverlay);
  if (!shown) return null;
  return (
    // The click on the backdrop is a convenience; the button below is the accessible way.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className="auth-overlay" data-testid="auth-overlay" onClick={clear}>
      <div className="auth-overlay__panel">
        <span className="spinner" aria-hidden="true" />
        <p className="auth-overlay__message" role="status">
          {SCREEN_TEXT.authenticating}
        </p>
        <button type="button" className="auth-overlay__close" onClick={clear}>
          Click anywhere to close this message
        </button>
      </div>
    </div>
  );
}
