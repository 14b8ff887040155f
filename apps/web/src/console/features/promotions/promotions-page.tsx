import type { StaffPromotion } from '@tours/domain/contracts/staff/promotions';
import { createColumnHelper, getCoreRowModel, getFilteredRowModel, getSortedRowModel, useReactTable, type SortingState, type Updater } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageHeading } from '../../app/use-page-title.ts';
import { DataTable, useSortInUrl } from '../../components/data-table.tsx';
import { discountText, usageText } from './promotion-fields.tsx';
import { usePromotions } from './promotions-api.ts';

const column = createColumnHelper<StaffPromotion>();
/** The rows while the list loads: one array for every render, so the table does not see new data each time. */
const NO_ROWS: StaffPromotion[] = [];
const dateText = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const COLUMNS = [
  column.accessor('code', { header: 'Code', cell: (info) => <Link to={`/promotions/${info.row.original.id}`}>{info.getValue()}</Link> }),
  column.accessor(discountText, { id: 'discount', header: 'Discount', enableSorting: false }),
  column.accessor('valid_from', { header: 'Valid', cell: (info) => `${dateText(info.row.original.valid_from)} to ${dateText(info.row.original.valid_to)}` }),
  column.accessor((row) => (row.tour_codes.length === 0 ? 'All tours' : row.tour_codes.join(', ')), { id: 'tours', header: 'Tours', enableSorting: false }),
  column.accessor('uses', { header: 'Used', cell: (info) => usageText(info.row.original) }),
  column.accessor('active', { header: 'Status', cell: (info) => (info.getValue() ? 'Active' : 'Deactivated') }),
];
const SORTABLE = ['code', 'valid_from', 'uses', 'active'];

/** /admin/promotions: every promotional code with its usage; the search and the sort live in the URL. */
export function PromotionsPage() {
  const heading = usePageHeading('Promotional codes');
  const promotions = usePromotions();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [sorting, setSorting] = useSortInUrl(SORTABLE, [{ id: 'active', desc: true }]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the table is read during this render only, never memoised.
  const table = useReactTable({
    data: promotions.data ?? NO_ROWS,
    columns: COLUMNS,
    state: { sorting, globalFilter: search },
    onSortingChange: (updater: Updater<SortingState>) => setSorting(typeof updater === 'function' ? updater(sorting) : updater),
    globalFilterFn: (row, _column, value: string) => `${row.original.code} ${row.original.description} ${row.original.tour_codes.join(' ')}`.toLowerCase().includes(value.trim().toLowerCase()),
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
          Promotional codes
        </h1>
        <Link className="button button--primary" to="/promotions/new">
          Add a promotional code
        </Link>
      </div>
      <div className="console-filters">
        <label htmlFor="promotion-search" className="field__label">
          Search by code, description or tour
        </label>
        <input
          id="promotion-search"
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
      {promotions.isPending ? <Spinner label="Loading the promotional codes" /> : null}
      {promotions.isError ? (
        <Notice tone="danger" role="alert">
          <p>{promotions.error.message}</p>
        </Notice>
      ) : null}
      {promotions.data ? (
        <>
          <p role="status" className="console-hint">
            {shown === promotions.data.length ? `${shown} promotional codes` : `${shown} of ${promotions.data.length} promotional codes`}
          </p>
          <DataTable table={table} caption="Promotional codes" />
        </>
      ) : null}
    </>
  );
}
