import { formatDocumentsList, type BookingDocument } from '@tours/domain/contracts/documents';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAlertStore } from '../../../lib/alerts.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInForTest } from '../../../test/auth.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { bookingDetail } from '../testing/account-fixtures.ts';
import { DocumentsTab } from './documents-tab.tsx';

const url = (id: number) => `/api/account/bookings/101/documents/${id}?token=t${id}`;
const DOCUMENTS: BookingDocument[] = [
  { id: 1, template: 'CustomerInvoice', url: url(1) },
  { id: 2, template: 'BalanceReminder3', url: url(2) },
  { id: 3, template: 'ATOLPackage', url: url(3) },
  { id: 4, template: 'Additional11', url: url(4) },
  { id: 5, template: 'ItineraryPack', url: url(5) },
  { id: 6, template: null, url: url(6) },
];

const text = (body: string, status = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

function renderTab(answer: () => Response | Promise<Response>) {
  signInForTest();
  const fetchMock = mockFetch((requested) =>
    new URL(requested, 'http://localhost').pathname === '/api/account/bookings/101/documents' ? answer() : jsonResponse({}, 404),
  );
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <DocumentsTab detail={bookingDetail()} />
    </QueryClientProvider>,
  );
  return { ...view, fetchMock, queryClient };
}

const cardTitles = () => within(screen.getByRole('list')).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('Documents tab', () => {
  it('shows placeholders while loading, then a card per visible document titled by its template', async () => {
    let release: (response: Response) => void = () => undefined;
    const { fetchMock } = renderTab(() => new Promise<Response>((resolve) => (release = resolve)));
    expect(screen.getByRole('status').textContent).toBe('Loading documents');
    expect(document.querySelectorAll('.skeleton').length).toBeGreaterThan(0);
    release(text(formatDocumentsList(DOCUMENTS)));

    await screen.findByRole('heading', { level: 3, name: 'Booking confirmation' });
    // Additional11 is hidden; others show their template name, or 'Document' when none.
    expect(cardTitles()).toEqual(['Booking confirmation', 'Invoice', 'ATOL certificate', 'ItineraryPack', 'Document']);
    expect(screen.queryByRole('status')).toBeNull();
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init!.headers).get('Authorization')).toBe('Bearer access.token.demo');
  });

  it('downloads through a link that opens in a new tab, carrying its token', async () => {
    renderTab(() => text(formatDocumentsList(DOCUMENTS)));
    const link = await screen.findByRole('link', { name: 'Download Booking confirmation (PDF, opens in a new tab)' });
    expect(link.getAttribute('href')).toBe(url(1));
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getAllByRole('link')).toHaveLength(5);
  });

  it("says 'No documents found' when there are none, or only hidden ones", async () => {
    renderTab(() => text(formatDocumentsList([{ id: 4, template: 'Additional11', url: url(4) }])));
    expect(await screen.findByText('No documents found')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("says 'No documents found' when loading fails, without a toast", async () => {
    renderTab(() => jsonResponse({ error: { code: 'INTERNAL', message: 'Down' } }, 500));
    expect(await screen.findByText('No documents found')).toBeTruthy();
    expect(useAlertStore.getState().alerts).toEqual([]);
  });

  it("says 'No documents found' when the answer is not in the documents format", async () => {
    renderTab(() => text('nothing\there\n'));
    expect(await screen.findByText('No documents found')).toBeTruthy();
  });

  it('fetches the list afresh each time the tab opens, so links are never stale', async () => {
    let served = 0;
    const { fetchMock, queryClient, unmount } = renderTab(() => text(formatDocumentsList([{ ...DOCUMENTS[0]!, url: `${url(1)}-${++served}` }])));
    await screen.findByRole('link', { name: /Download Booking confirmation/ });
    unmount();
    render(
      <QueryClientProvider client={queryClient}>
        <DocumentsTab detail={bookingDetail()} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByRole('link', { name: /Download Booking confirmation/ }).getAttribute('href')).toBe(`${url(1)}-2`));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
