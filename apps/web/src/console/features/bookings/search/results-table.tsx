import type { StaffBookingRow } from '@tours/domain/contracts/staff/bookings';
import { STAFF_QUEUE_INFO } from '@tours/domain/staff/queues';
import { createColumnHelper, getCoreRowModel, useReactTable, type SortingState, type Updater } from '@tanstack/react-table';
import { Link, useLocation } from 'react-router';
import { DataTable, useSortInUrl } from '../../../components/data-table.tsx';
import { dateOf, day, money } from '../format.ts';
import { DEFAULT_SORT, SORTABLE_COLUMNS } from './search-params.ts';

const column = createColumnHelper<StaffBookingRow>();

/** Column ids are the API's sort names, so the DataTable's sort in the URL is the API's sort. */
const COLUMNS = [
  column.accessor('booking_reference', {
    id: 'reference',
    header: 'Reference',
    cell: (info) => <BookingLink row={info.row.original} />,
  }),
  // The work queues a booking is in, under its status: why it needs a person, without a column of its own.
  column.accessor('status', {
    id: 'status',
    header: 'Status',
    cell: (info) => (
      <>
        {info.getValue()}
        {info.row.original.flags.map((queue) => (
          <span key={queue} className="console-table__sub console-warning-text">
            {STAFF_QUEUE_INFO[queue].label}
          </span>
        ))}
      </>
    ),
  }),
  column.accessor((row) => row.lead?.name ?? '', {
    id: 'lead_name',
    header: 'Lead passenger',
    cell: (info) => {
      const lead = info.row.original.lead;
      return lead ? (
        <>
          {lead.name}
          {lead.email ? <span className="console-table__sub">{lead.email}</span> : null}
        </>
      ) : (
        <span className="console-hint">None yet</span>
      );
    },
  }),
  column.accessor((row) => row.departure.start_date, {
    id: 'departure',
    header: 'Departure',
    cell: (info) => {
      const { tour } = info.row.original;
      return (
        <>
          <span className="console-nowrap">{day(info.getValue())}</span>
          <span className="console-table__sub">
            {tour.code}: {tour.name}
          </span>
        </>
      );
    },
  }),
  column.accessor('passengers', {
    header: () => <abbr title="Passengers">Pax</abbr>,
    enableSorting: false,
  }),
  column.accessor((row) => row.total.value, { id: 'total', header: 'Total', sortDescFirst: true, cell: (info) => <span className="console-money">{money(info.row.original.total)}</span> }),
  column.accessor((row) => row.balance.value, { id: 'balance', header: 'Balance', sortDescFirst: true, cell: (info) => <span className="console-money">{money(info.row.original.balance)}</span> }),
  column.accessor((row) => row.agent?.code ?? '', { id: 'agent', header: 'Agent', enableSorting: false }),
  column.accessor('created_at', { id: 'created', header: 'Booked', sortDescFirst: true, cell: (info) => <span className="console-nowrap">{dateOf(info.getValue())}</span> }),
];

/** A booking's reference, leading to its page; the list it came from goes with it, for the way back. */
function BookingLink({ row }: { row: StaffBookingRow }) {
  const { search } = useLocation();
  return (
    <Link to={`/bookings/${row.id}`} state={{ list: search }} className="console-nowrap">
      {row.booking_reference}
    </Link>
  );
}

/** One page of the bookings the API found; sorting asks the API again (manual sorting), through the URL. */
export function ResultsTable({ rows }: { rows: StaffBookingRow[] }) {
  const [sorting, setSorting] = useSortInUrl(SORTABLE_COLUMNS, DEFAULT_SORT, { resets: ['page'] });
  // eslint-disable-next-line react-hooks/incompatible-library -- the table is read during this render only, never memoised.
  const table = useReactTable({
    data: rows,
    columns: COLUMNS,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    onSortingChange: (updater: Updater<SortingState>) => setSorting(typeof updater === 'function' ? updater(sorting) : updater),
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
  });
  return <DataTable table={table} caption="Bookings found" />;
}
