import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../../lib/api-error.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadBookingsCsv } from '../api/bookings-api.ts';

/**
 * The filtered list, every page of it, as CSV. The export is a staff call
 * like any other (the session's bearer, no cookie), so a plain link to
 * /api/staff/bookings.csv would be refused: it is fetched, then handed to
 * the browser as a download.
 */
export function CsvButton({ query }: { query: Record<string, string> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await downloadBookingsCsv(query), 'bookings.csv');
    } catch (caught) {
      setError(isApiRequestError(caught) ? caught.message : 'The CSV could not be downloaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="console-csv">
      <Button variant="secondary" busy={busy} onClick={() => void download()}>
        Download CSV
      </Button>
      {error ? (
        <Notice tone="danger" role="alert">
          <p>{error}</p>
        </Notice>
      ) : null}
    </div>
  );
}
