import { documentTitle, visibleDocuments } from '@tours/domain/account/documents';
import type { BookingDetail } from '@tours/domain/contracts/account';
import { listDocuments, parseDocumentsList, type BookingDocument } from '@tours/domain/contracts/documents';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../../components/ui/spinner.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { accountKeys } from '../api/account-keys.ts';
import { accountErrorHandler } from '../api/session-expiry.ts';
import './documents.css';
import { DocumentIcon } from '../../../components/ui/icons.tsx';

export const documentsKey = (bookingId: number) => [...accountKeys.booking(bookingId), 'documents'] as const;

/**
 * GET /account/bookings/{booking}/documents, in the spec's text format. The
 * failure is shown in the tab ('No documents found', spec section 8), so no
 * toast; a 401 still ends the session as every account call does.
 */
export async function fetchDocuments(bookingId: number, signal?: AbortSignal): Promise<BookingDocument[]> {
  const text = await callApi(listDocuments, { params: { booking: bookingId }, signal, onError: accountErrorHandler(() => 'silent') });
  return visibleDocuments(parseDocumentsList(text));
}

/**
 * Every download address carries a short-lived token, so the list is fetched
 * afresh each time the tab opens and when the window regains focus, and never
 * served from an old cache: a link on screen is always one that works.
 */
export function useBookingDocuments(bookingId: number) {
  return useQuery({
    queryKey: documentsKey(bookingId),
    queryFn: ({ signal }) => fetchDocuments(bookingId, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** The Documents tab of /account/booking/{id} (spec section 2). */
export function DocumentsTab({ detail }: { detail: BookingDetail }) {
  const bookingId = detail.booking.id;
  const { data, isPending, isError } = useBookingDocuments(bookingId);
  const documents = isError ? [] : (data ?? []);

  return (
    <div className="documents" aria-busy={isPending || undefined}>
      <h2>Documents</h2>
      {isPending ? (
        <>
          <p className="visually-hidden" role="status">
            Loading documents
          </p>
          <ul className="documents__list" aria-hidden="true">
            {[0, 1, 2].map((index) => (
              <li key={index} className="document-card document-card--loading">
                <Skeleton width="60%" height="1.4em" />
                <Skeleton width="8rem" height="2.5rem" />
              </li>
            ))}
          </ul>
        </>
      ) : documents.length === 0 ? (
        <p className="documents__empty">No documents found</p>
      ) : (
        <ul className="documents__list">
          {documents.map((document) => (
            <DocumentCard key={document.id} document={document} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DocumentCard({ document }: { document: BookingDocument }) {
  const title = documentTitle(document.template);
  return (
    <li className="document-card">
      <h3 className="document-card__title">
        <DocumentIcon className="document-card__icon" width="1.25em" height="1.25em" />
        {title}
      </h3>
      <a
        className="button button--secondary document-card__download"
        href={document.url}
        target="_blank"
        rel="noopener noreferrer"
        // The visible word starts the name (WCAG label in name); the rest says what and where.
        aria-label={`Download ${title} (PDF, opens in a new tab)`}
      >
        Download
      </a>
    </li>
  );
}
