import { SEASON_CSV_COLUMNS } from '@tours/domain/catalogue/season-csv';
import type { SeasonImportReport } from '@tours/domain/contracts/staff/catalogue-inventory';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { usePageHeading } from '../../app/use-page-title.ts';
import { downloadSeason, useSeasonImport } from './tours-api.ts';

/**
 * /admin/tours/season: a season's departures and prices out as CSV and back
 * in. The file is first checked (a dry run lists every error with its line
 * and column, and writes nothing); only a file without errors is imported.
 */
export function SeasonPage() {
  const heading = usePageHeading('Season import and export');
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="/tours">Tours</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        Season import and export
      </h1>
      <Export />
      <Import />
    </>
  );
}

function Export() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await downloadSeason({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
    } catch (caught) {
      setError(isApiRequestError(caught) ? caught.message : 'The file could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="season-export" className="console-panel">
      <h2 id="season-export">Export</h2>
      <form className="console-form console-form--inline" onSubmit={(event) => void submit(event)}>
        <TextField label="Departures from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        <TextField label="to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        <Button type="submit" variant="secondary" busy={busy}>
          Download CSV
        </Button>
      </form>
      {error ? (
        <Notice tone="danger" role="alert">
          <p>{error}</p>
        </Notice>
      ) : null}
    </section>
  );
}

function Import() {
  const run = useSeasonImport();
  const [csv, setCsv] = useState('');
  const [reason, setReason] = useState('');
  const [report, setReport] = useState<SeasonImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async (dryRun: boolean) => {
    setError(null);
    try {
      setReport(await run.mutateAsync({ csv, dry_run: dryRun, reason }));
    } catch (caught) {
      setReport(null);
      setError(isApiRequestError(caught) ? Object.values(caught.fields).join(' ') || caught.message : 'The file could not be sent. Please try again.');
    }
  };
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setCsv(await file.text());
    setReport(null);
  };
  const checkedClean = report?.dry_run && report.errors.length === 0;
  return (
    <section aria-labelledby="season-import" className="console-panel">
      <h2 id="season-import">Import</h2>
      <p>
        A CSV file with the columns <code>{SEASON_CSV_COLUMNS.join(',')}</code>, as the export writes them. A line whose tour code and start date match a departure
        changes it; any other line adds one.
      </p>
      <form className="console-form" onSubmit={(event) => event.preventDefault()}>
        <label className="field">
          <span className="field__label">CSV file</span>
          <input type="file" accept=".csv,text/csv" onChange={(event) => void readFile(event.target.files?.[0])} />
        </label>
        <TextAreaField label="Or paste the CSV" rows={6} value={csv} onChange={(event) => setCsv(event.target.value)} />
        <TextAreaField label="Reason for the import" hint="Kept in the audit log with your name" required rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
        <div className="console-actions">
          <Button variant="secondary" busy={run.isPending && run.variables?.dry_run === true} onClick={() => void send(true)} disabled={csv.trim() === ''}>
            Check the file
          </Button>
          <Button busy={run.isPending && run.variables?.dry_run === false} onClick={() => void send(false)} disabled={!checkedClean}>
            Import
          </Button>
        </div>
      </form>
      {error ? (
        <Notice tone="danger" role="alert">
          <p>{error}</p>
        </Notice>
      ) : null}
      {report ? <Report report={report} /> : null}
    </section>
  );
}

function Report({ report }: { report: SeasonImportReport }) {
  const counts = `${report.rows} lines: ${report.created} to add, ${report.updated} to change, ${report.unchanged} unchanged.`;
  if (report.errors.length > 0) {
    return (
      <Notice tone="warning" role="alert" title={`${report.errors.length} error${report.errors.length === 1 ? '' : 's'}: nothing was imported`}>
        <p>{counts}</p>
        <ul className="console-errors">
          {report.errors.map((error) => (
            <li key={`${error.line}-${error.column}`}>
              Line {error.line}
              {error.column ? `, ${error.column}` : ''}: {error.message}
            </li>
          ))}
        </ul>
      </Notice>
    );
  }
  return (
    <Notice tone="success" role="status" title={report.applied ? 'Imported' : 'The file is ready to import'}>
      <p>{report.applied ? `${report.created} departures added, ${report.updated} changed, ${report.unchanged} unchanged.` : counts}</p>
    </Notice>
  );
}
