import type { DepartureDocument, DepartureDocumentFormat } from '@tours/domain/staff/departures';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageHeading } from '../../app/use-page-title.ts';
import { useStaffMe } from '../../lib/staff-session.ts';
import { downloadDepartureDocument, useDeparture } from './departures-api.ts';
import { DepartureView } from './departure-view.tsx';

/** /admin/departures/:departure: a departure's figures and the ground team's documents (permission departures.read). */
export function DeparturePage() {
  const id = Number(useParams().departure);
  const departure = useDeparture(id);
  const { permissions } = useStaffMe();
  const title = departure.data ? `${departure.data.departure.tour.code} departing ${departure.data.departure.start_date}` : 'Departure';
  const heading = usePageHeading(title);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (document: DepartureDocument, format: DepartureDocumentFormat) => {
    if (!departure.data) return;
    setBusy(`${document}.${format}`);
    setError(null);
    try {
      await downloadDepartureDocument(departure.data.departure, document, format);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The download failed. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <p>
        <Link to="/departures">All departures</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {departure.isPending ? <Spinner label="Loading the departure" /> : null}
      {departure.isError ? (
        <Notice tone="danger" role="alert">
          <p>{departure.error.message}</p>
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="danger" role="alert">
          <p>{error}</p>
        </Notice>
      ) : null}
      {departure.data ? (
        <DepartureView detail={departure.data} mayReadPassports={permissions.includes('passports.read')} onDownload={(document, format) => void download(document, format)} busy={busy} />
      ) : null}
    </>
  );
}
