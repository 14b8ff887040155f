import type { StaffMember } from '@tours/domain/contracts/staff/members';
import { STAFF_ROLE_LABELS } from '@tours/domain/staff/permissions';
import { createColumnHelper, getCoreRowModel, getFilteredRowModel, getSortedRowModel, useReactTable, type SortingState, type Updater } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { usePageHeading } from '../../app/use-page-title.ts';
import { DataTable, useSortInUrl } from '../../components/data-table.tsx';
import { useStaffMembers } from './staff-api.ts';

const column = createColumnHelper<StaffMember>();
const roleNames = (member: StaffMember) => member.roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ');

const COLUMNS = [
  column.accessor('name', { header: 'Name', cell: (info) => <Link to={`/staff/${info.row.original.id}`}>{info.getValue()}</Link> }),
  column.accessor('email', { header: 'E-mail' }),
  column.accessor(roleNames, { id: 'roles', header: 'Roles' }),
  column.accessor('active', { header: 'Status', cell: (info) => (info.getValue() ? 'Active' : 'Deactivated') }),
  column.accessor('passkeys', { header: 'Passkeys', cell: (info) => (info.getValue() === 0 ? 'None yet' : info.getValue()) }),
  column.accessor('recovery_codes_left', { header: 'Recovery codes left', enableSorting: false }),
];
const SORTABLE = ['name', 'email', 'roles', 'active', 'passkeys'];

/** /admin/staff: every staff member; the search and the sort live in the URL. */
export function StaffListPage() {
  const heading = usePageHeading('Staff members');
  const members = useStaffMembers();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [sorting, setSorting] = useSortInUrl(SORTABLE, [{ id: 'active', desc: true }]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the table is read during this render only, never memoised.
  const table = useReactTable({
    data: members.data ?? [],
    columns: COLUMNS,
    state: { sorting, globalFilter: search },
    onSortingChange: (updater: Updater<SortingState>) => setSorting(typeof updater === 'function' ? updater(sorting) : updater),
    globalFilterFn: (row, _column, value: string) => `${row.original.name} ${row.original.email} ${roleNames(row.original)}`.toLowerCase().includes(value.trim().toLowerCase()),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const shown = table.getRowModel().rows.length;

  return (
    <>
      <div className="console-page-head">
        <h1 tabIndex={-1} ref={heading}>
          Staff members
        </h1>
        <Link className="button button--primary" to="/staff/new">
          Add a staff member
        </Link>
      </div>
      <div className="console-filters">
        <label htmlFor="staff-search" className="field__label">
          Search by name, e-mail or role
        </label>
        <input
          id="staff-search"
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
      {members.isPending ? <Spinner label="Loading the staff members" /> : null}
      {members.isError ? (
        <Notice tone="danger" role="alert">
          <p>{members.error.message}</p>
        </Notice>
      ) : null}
      {members.data ? (
        <>
          <p role="status" className="console-hint">
            {shown === members.data.length ? `${shown} staff members` : `${shown} of ${members.data.length} staff members`}
          </p>
          <DataTable table={table} caption="Staff members" />
        </>
      ) : null}
    </>
  );
}
