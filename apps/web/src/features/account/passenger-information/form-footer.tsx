import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

/** The end of every answer form: the server's message that is no field's, and 'Confirm your answer' while the booking may be edited. */
export function FormFooter({ rootError, editable, busy, describedBy }: { rootError: string | undefined; editable: boolean; busy: boolean; describedBy: string }) {
  return (
    <>
      {rootError ? (
        <Notice tone="danger" role="alert">
          <p>{rootError}</p>
        </Notice>
      ) : null}
      {editable ? (
        <div className="passenger-form__actions">
          <Button type="submit" busy={busy} aria-describedby={describedBy}>
            Confirm your answer
          </Button>
        </div>
      ) : null}
    </>
  );
}
