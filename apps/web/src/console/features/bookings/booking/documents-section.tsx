import { downloadStaffBookingDocument } from '@tours/domain/contracts/staff/booking-page';
import { resendBookingDocument } from '@tours/domain/contracts/staff/booking-care';
import type { StaffBookingDetail } from '@tours/domain/contracts/staff/booking-page';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../../lib/api-error.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { staffCall, staffFile } from '../../../lib/staff-api.ts';
import { useStaffMe } from '../../../lib/staff-session.ts';
import { ReasonDialog } from '../actions/reason-dialog.tsx';

type StaffDocument = StaffBookingDetail['documents'][number];

/**
 * The booking's documents: each one downloadable as the customer would get
 * it now (a PDF drawn on request, so fetched with the session's bearer), and
 * e-mailed to the lead passenger again by operations.
 */
export function DocumentsSection({ detail, onDone }: { detail: StaffBookingDetail; onDone: (message: string) => void }) {
  const { permissions } = useStaffMe();
  const canResend = permissions.includes('messages.send');
  const bookingId = detail.booking.id;
  const [resending, setResending] = useState<StaffDocument | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (document: StaffDocument) => {
    setDownloading(document.id);
    setError(null);
    try {
      saveFile(await staffFile(downloadStaffBookingDocument, { params: { booking: bookingId, document: document.id } }), `${document.title}.pdf`);
    } catch (caught) {
      setError(isApiRequestError(caught) ? caught.message : 'The document could not be downloaded. Please try again.');
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section aria-labelledby="documents" className="console-panel">
      <h2 id="documents">Documents</h2>
      {error ? (
        <Notice tone="danger" role="alert">
          <p>{error}</p>
        </Notice>
      ) : null}
      {detail.documents.length === 0 ? (
        <p className="console-hint">The booking has no documents.</p>
      ) : (
        <ul className="console-rows">
          {detail.documents.map((document) => (
            <li key={document.id} className="console-row">
              <div>
                <p className="console-row__title">{document.title}</p>
                <p className="console-hint">{document.shown_to_customer ? 'Shown to the customer in their account' : 'Not shown to the customer now'}</p>
              </div>
              {document.download_path ? (
                <div className="console-row__actions">
                  <Button variant="secondary" busy={downloading === document.id} onClick={() => void download(document)}>
                    Download<span className="visually-hidden"> {document.title}</span>
                  </Button>
                  {canResend ? (
                    <Button variant="secondary" onClick={() => setResending(document)}>
                      E-mail again<span className="visually-hidden"> {document.title}</span>
                    </Button>
                  ) : null}
                </div>
              ) : (
                <p className="console-hint">Not drawn for this booking now</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {resending ? (
        <ReasonDialog
          bookingId={bookingId}
          title={`E-mail “${resending.title}” again?`}
          confirmLabel="Send the e-mail"
          onClose={() => setResending(null)}
          onDone={(message) => {
            setResending(null);
            onDone(message);
          }}
          act={async (reason, idempotencyKey) => {
            const { body } = await staffCall(resendBookingDocument, { params: { booking: bookingId, document: resending.id }, body: { reason }, idempotencyKey });
            return `“${resending.title}” is on its way to ${body.data.to}.`;
          }}
        >
          <p>The document, as it reads now, is e-mailed to the lead passenger as an attachment.</p>
        </ReasonDialog>
      ) : null}
    </section>
  );
}
