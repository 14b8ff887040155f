import { useId } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { PAGE_SIZES } from './search-params.ts';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number, pageSize?: number) => void;
}

const bookingsWord = (count: number) => (count === 1 ? '1 booking' : `${count.toLocaleString('en-GB')} bookings`);

/** Which bookings of how many are shown, the way to the page before and after, and how many a page shows. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="console-pager" aria-label="Pages of bookings">
      <p role="status" className="console-pager__summary">
        {total === 0 ? 'No bookings' : `${first.toLocaleString('en-GB')}–${last.toLocaleString('en-GB')} of ${bookingsWord(total)}`}
        {pages > 1 ? (
          <span className="console-hint">
            {' '}
            · page {page} of {pages}
          </span>
        ) : null}
      </p>
      <div className="console-pager__controls">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous page
        </Button>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next page
        </Button>
        <label htmlFor={`${id}-size`} className="console-pager__size">
          Per page
        </label>
        <select id={`${id}-size`} className="input input--select console-pager__select" value={pageSize} onChange={(event) => onPage(1, Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
