import type { StaffAgency } from '@tours/domain/contracts/staff/agencies';
import { createColumnHelper, getCoreRowModel, getFilteredRowModel, getSortedRowModel, useReactTable, type SortingState, type Updater } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageHeading } from '../../app/use-page-title.ts';
import { DataTable, useSortInUrl } from '../../components/data-table.tsx';
import { useAgencies } from './agencies-api.ts';

const column = createColumnHelper<StaffAgency>();
/** The rows while the list loads: one array for every render, so the table does not see new data each time. */
const NO_ROWS: StaffAgency[] = [];

const COLUMNS = [
  column.accessor('code', { header: 'Agent ID', cell: (info) => <Link to={`/agencies/${info.row.original.id}`}>{info.getValue()}</Link> }),
  column.accessor('name', { header: 'Name' }),
  column.accessor('active_staff_count', {
    header: 'Staff',
    cell: (info) => (info.row.original.staff_count === info.getValue() ? String(info.getValue()) : `${info.getValue()} enabled of ${info.row.original.staff_count}`),
  }),
  column.accessor('active', { header: 'Status', cell: (info) => (info.getValue() ? 'Enabled' : 'Disabled') }),
];
const SORTABLE = ['code', 'name', 'active_staff_count', 'active'];

/** /admin/agencies: every travel agency; the search and the sort live in the URL. */
export function AgenciesPage() {
  const heading = usePageHeading('Travel agencies');
  const agencies = useAgencies();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [sorting, setSorting] = useSortInUrl(SORTABLE, [{ id: 'active', desc: true }]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the table is read during this render only, never memoised.
  const table = useReactTable({
    data: agencies.data ?? NO_ROWS,
    columns: COLUMNS,
    state: { sorting, globalFilter: search },
    onSortingChange: (updater: Updater<SortingState>) => setSorting(typeof updater === 'function' ? updater(sorting) : updater),
    globalFilterFn: (row, _column, value: string) => `${row.original.code} ${row.original.name}`.toLowerCase().includes(value.trim().toLowerCase()),
    // No pages to go back to the first of. Resetting one would set the table's state on every render, as the sort
    // (a new array from the URL each time) renews the sorted rows: a render loop that never lets a navigation through.
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const shown = table.getRowModel().rows.length;

  return (
    <>
      <div className="console-page-head">
        <h1 tabIndex={-1} ref={heading}>
          Travel agencies
        </h1>
        <Link className="button button--primary" to="/agencies/new">
          Add an agency
        </Link>
      </div>
      <div className="console-filters">
        <label htmlFor="agency-search" className="field__label">
          Search by Agent ID or name
        </label>
        <input
          id="agency-search"
          className="input"
          type="search"
          value={search}
          onChange={(event) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (event.target.value) next.set('q', event.target.value);
                else next.delete('q');
                return next;
              },
              { replace: true },
            )
          }
        />
      </div>
      {agencies.isPending ? <Spinner label="Loading the agencies" /> : null}
      {agencies.isError ? (
        <Notice tone="danger" role="alert">
          <p>{agencies.error.message}</p>
        </Notice>
      ) : null}
      {agencies.data ? (
        <>
          <p role="status" className="console-hint">
            {shown === agencies.data.length ? `${shown} agencies` : `${shown} of ${agencies.data.length} agencies`}
          </p>
          <DataTable table={table} caption="Travel agencies" />
        </>
      ) : null}
    </>
  );
}
