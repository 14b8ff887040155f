import type { StaffBookingDetail } from '@tours/domain/contracts/staff/booking-page';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Modal } from '../../../../components/ui/modal.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useBookingMessage } from '../api/bookings-api.ts';
import { moment } from '../format.ts';
import { statusWord } from '../labels.ts';

type MessageSummary = StaffBookingDetail['messages'][number];

/** One e-mail as it was sent: its text and the names of its attachments. */
function MessageView({ bookingId, summary, onClose }: { bookingId: number; summary: MessageSummary; onClose: () => void }) {
  const message = useBookingMessage(bookingId, summary.id);
  return (
    <Modal
      open
      onClose={onClose}
      title={summary.subject}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <dl className="console-facts">
        <dt>To</dt>
        <dd>{summary.to}</dd>
        {summary.cc ? (
          <>
            <dt>Copy to</dt>
            <dd>{summary.cc}</dd>
          </>
        ) : null}
        <dt>Status</dt>
        <dd>
          {statusWord(summary.status)}
          {summary.sent_at ? `, ${moment(summary.sent_at)}` : ''}
        </dd>
      </dl>
      {message.isPending ? <Spinner label="Loading the e-mail" /> : null}
      {message.isError ? (
        <Notice tone="danger" role="alert">
          <p>{message.error.message}</p>
        </Notice>
      ) : null}
      {message.data ? (
        <>
          {message.data.attachments.length > 0 ? <p>Attached: {message.data.attachments.map((attachment) => attachment.filename).join(', ')}</p> : null}
          <pre className="console-email">{message.data.text}</pre>
        </>
      ) : null}
    </Modal>
  );
}

/** The e-mails sent about the booking (the outbox), newest first as the API gives them, each one readable. */
export function MessagesSection({ detail }: { detail: StaffBookingDetail }) {
  const [viewing, setViewing] = useState<MessageSummary | null>(null);
  return (
    <section aria-labelledby="messages" className="console-panel">
      <h2 id="messages">E-mails sent</h2>
      {detail.messages.length === 0 ? (
        <p className="console-hint">No e-mail has been sent about this booking.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">E-mails sent about the booking</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Queued</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.messages.map((message) => (
                <tr key={message.id}>
                  <td>{message.subject}</td>
                  <td>{message.to}</td>
                  <td>
                    {statusWord(message.status)}
                    {message.sent_at ? <span className="console-table__sub">{moment(message.sent_at)}</span> : null}
                    {message.last_error ? (
                      <span className="console-table__sub console-warning-text">
                        {message.attempts} attempts: {message.last_error}
                      </span>
                    ) : null}
                  </td>
                  <td className="console-nowrap">{moment(message.created_at)}</td>
                  <td>
                    <Button variant="secondary" onClick={() => setViewing(message)}>
                      View<span className="visually-hidden"> the e-mail “{message.subject}”</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {viewing ? <MessageView bookingId={detail.booking.id} summary={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
