import { flexRender, type SortingState, type Table } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A TanStack Table drawn as an accessible table: sortable headers are
 * buttons, the sorted column says so (aria-sort), and the sort is kept in
 * the URL (?sort=name, ?sort=-name), so Back, Forward and a reload keep it.
 */
export function DataTable<Row>({ table, caption }: { table: Table<Row>; caption: string }) {
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                    {header.column.getCanSort() ? (
                      <button type="button" className="console-table__sort" onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The table's sort as the URL keeps it: `sort=<column>` ascending,
 * `sort=-<column>` descending. `resets` names parameters a new sort makes
 * meaningless (a server-paged list's `page`: page 3 of another order is not
 * where the member was), removed in the same history entry.
 */
export function useSortInUrl(columns: readonly string[], fallback: SortingState, { resets = [] }: { resets?: readonly string[] } = {}): [SortingState, (next: SortingState) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('sort') ?? '';
  const id = raw.replace(/^-/, '');
  const known = columns.includes(id);
  const desc = raw.startsWith('-');
  // The same array while the URL says the same: TanStack Table resets its page on a new sort array, and a new one each render would loop.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by what the URL says, not by the caller's array literals
  const sorting: SortingState = useMemo(() => (known ? [{ id, desc }] : fallback), [known, id, desc]);
  const setSorting = (next: SortingState) => {
    const [first] = next;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const name of resets) updated.delete(name);
        if (first) updated.set('sort', `${first.desc ? '-' : ''}${first.id}`);
        else updated.delete('sort');
        return updated;
      },
      { replace: false },
    );
  };
  return [sorting, setSorting];
}
