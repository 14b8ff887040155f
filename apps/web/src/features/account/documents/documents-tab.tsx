import { DOCUMENT_LINK_TTL_SECONDS, documentTitle, visibleDocuments } from '@tours/domain/account/documents';
import type { BookingDetail } from '@tours/domain/contracts/account';
import { listDocuments, parseDocumentsList, type BookingDocument } from '@tours/domain/contracts/documents';
import type { MouseEvent } from 'react';
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

/**
 * A link older than this is renewed when 'Download' is clicked: a tab left
 * open past the links' 5 minutes (DOCUMENT_LINK_TTL_SECONDS) must still get
 * the PDF. A minute's margin covers the time the new tab takes to ask.
 */
export const RENEW_LINKS_AFTER_MS = (DOCUMENT_LINK_TTL_SECONDS - 60) * 1000;

/**
 * Opens a document in a new tab with a link that works. A fresh link (the
 * list was fetched under RENEW_LINKS_AFTER_MS ago) is left to the browser.
 * An older one is renewed first: the new tab is opened at once, while the
 * click still allows it, and sent to the fresh link when the list comes
 * back. Should renewing fail, the tab opens the old link, whose refusal page
 * leads back to the documents.
 */
function openWithFreshLink(event: MouseEvent<HTMLAnchorElement>, document: BookingDocument, fetchedAt: number, renew: () => Promise<BookingDocument[] | undefined>) {
  if (Date.now() - fetchedAt < RENEW_LINKS_AFTER_MS) return;
  event.preventDefault();
  const tab = window.open('', '_blank');
  // As rel="noopener" would: the document's tab cannot reach back into the account.
  if (tab) tab.opener = null;
  const open = (url: string) => (tab ? tab.location.replace(url) : window.open(url, '_blank', 'noopener,noreferrer'));
  renew().then(
    (documents) => open(documents?.find((fresh) => fresh.id === document.id)?.url ?? document.url),
    () => open(document.url),
  );
}

/** The Documents tab of /account/booking/{id} (spec section 2). */
export function DocumentsTab({ detail }: { detail: BookingDetail }) {
  const bookingId = detail.booking.id;
  const { data, isPending, isError, dataUpdatedAt, refetch } = useBookingDocuments(bookingId);
  const documents = isError ? [] : (data ?? []);
  const renew = async () => (await refetch({ throwOnError: true })).data;

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
            <DocumentCard
              key={document.id}
              document={document}
              onDownload={(event) => openWithFreshLink(event, document, dataUpdatedAt, renew)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function DocumentCard({ document, onDownload }: { document: BookingDocument; onDownload: (event: MouseEvent<HTMLAnchorElement>) => void }) {
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
        onClick={onDownload}
        // The visible word starts the name (WCAG label in name); the rest says what and where.
        aria-label={`Download ${title} (PDF, opens in a new tab)`}
      >
        Download
      </a>
    </li>
  );
}
