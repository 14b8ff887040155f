import { type KeyboardEvent, type ReactNode } from 'react';
import {
  compareDays,
  daysInMonth,
  longDate,
  monthGrid,
  MONTH_NAMES,
  WEEKDAYS,
  yearPageStart,
  YEARS_PER_PAGE,
  type CalendarDay,
} from './calendar.ts';

/**
 * The three views of the date picker. Each is a table with the grid role:
 * one cell holds the cursor and is the only tab stop (roving tabindex), the
 * chosen value is aria-selected, and dates outside the allowed range are
 * disabled rather than hidden, so the calendar keeps its shape.
 */
interface ViewProps {
  cursor: CalendarDay;
  chosen: CalendarDay | null;
  minDay: CalendarDay;
  maxDay: CalendarDay;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onPage: (direction: 1 | -1) => void;
}

interface Cell {
  key: string;
  text: ReactNode;
  name: string;
  disabled: boolean;
  selected: boolean;
  cursor: boolean;
  onPick: () => void;
}

function Header({
  title,
  upLabel,
  onUp,
  previous,
  next,
  onPage,
}: {
  title: string;
  upLabel?: string;
  onUp?: () => void;
  previous: { label: string; disabled: boolean };
  next: { label: string; disabled: boolean };
  onPage: (direction: 1 | -1) => void;
}) {
  return (
    <div className="date-picker__header">
      <button type="button" className="icon-button date-picker__nav" aria-label={previous.label} disabled={previous.disabled} onClick={() => onPage(-1)}>
        <span aria-hidden="true">‹</span>
      </button>
      {onUp ? (
        <button type="button" className="date-picker__title date-picker__title--button" onClick={onUp}>
          {title}
          <span className="visually-hidden">, {upLabel}</span>
        </button>
      ) : (
        <p className="date-picker__title">
          {title}
        </p>
      )}
      <button type="button" className="icon-button date-picker__nav" aria-label={next.label} disabled={next.disabled} onClick={() => onPage(1)}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}

function Grid({
  rows,
  label,
  instruction,
  head,
  onKeyDown,
  variant,
}: {
  rows: (Cell | null)[][];
  label: string;
  instruction: string;
  head?: ReactNode;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  variant: 'years' | 'months' | 'days';
}) {
  return (
    <>
      <p className="date-picker__instruction" aria-live="polite">
        {instruction}
      </p>
      <table className={`date-picker__grid date-picker__grid--${variant}`} role="grid" aria-label={label}>
        {head}
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, cellIndex) =>
                cell ? (
                  <td key={cell.key} aria-selected={cell.selected}>
                    <button
                      type="button"
                      className="date-picker__cell"
                      tabIndex={cell.cursor ? 0 : -1}
                      data-cursor={cell.cursor || undefined}
                      aria-label={cell.name}
                      disabled={cell.disabled}
                      onClick={cell.onPick}
                      onKeyDown={onKeyDown}
                    >
                      {cell.text}
                    </button>
                  </td>
                ) : (
                  <td key={`blank-${cellIndex}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const chunk = <T,>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, at) => items.slice(at * size, at * size + size));

export function YearView({ cursor, chosen, minDay, maxDay, onKeyDown, onPage, onPick }: ViewProps & { onPick: (year: number) => void }) {
  const first = yearPageStart(cursor.year);
  const last = first + YEARS_PER_PAGE - 1;
  const cells = Array.from({ length: YEARS_PER_PAGE }, (_, at): Cell => {
    const year = first + at;
    return {
      key: String(year),
      text: year,
      name: String(year),
      disabled: year < minDay.year || year > maxDay.year,
      selected: chosen?.year === year,
      cursor: cursor.year === year,
      onPick: () => onPick(year),
    };
  });
  return (
    <>
      <Header
        title={`${first} – ${last}`}
        previous={{ label: 'Earlier years', disabled: first <= minDay.year }}
        next={{ label: 'Later years', disabled: last >= maxDay.year }}
        onPage={onPage}
      />
      <Grid rows={chunk(cells, 4)} label={`Years ${first} to ${last}`} instruction="Choose the year" onKeyDown={onKeyDown} variant="years" />
    </>
  );
}

export function MonthView({
  cursor,
  chosen,
  minDay,
  maxDay,
  onKeyDown,
  onPage,
  onPick,
  onUp,
}: ViewProps & { onPick: (month: number) => void; onUp: () => void }) {
  const { year } = cursor;
  const cells = MONTH_NAMES.map((name, month): Cell => {
    const firstDay = { year, month, day: 1 };
    const lastDay = { year, month, day: daysInMonth(year, month) };
    return {
      key: name,
      text: name.slice(0, 3),
      name: `${name} ${year}`,
      disabled: compareDays(lastDay, minDay) < 0 || compareDays(firstDay, maxDay) > 0,
      selected: chosen?.year === year && chosen.month === month,
      cursor: cursor.month === month,
      onPick: () => onPick(month),
    };
  });
  return (
    <>
      <Header
        title={String(year)}
        upLabel="choose another year"
        onUp={onUp}
        previous={{ label: 'Previous year', disabled: year <= minDay.year }}
        next={{ label: 'Next year', disabled: year >= maxDay.year }}
        onPage={onPage}
      />
      <Grid rows={chunk(cells, 3)} label={`Months of ${year}`} instruction="Choose the month" onKeyDown={onKeyDown} variant="months" />
    </>
  );
}

export function DayView({
  cursor,
  chosen,
  minDay,
  maxDay,
  onKeyDown,
  onPage,
  onPick,
  onUp,
}: ViewProps & { onPick: (day: CalendarDay) => void; onUp: () => void }) {
  const { year, month } = cursor;
  const rows = monthGrid(year, month).map((week) =>
    week.map((day): Cell | null => {
      if (day === null) return null;
      const date = { year, month, day };
      return {
        key: String(day),
        text: day,
        name: longDate(date),
        disabled: compareDays(date, minDay) < 0 || compareDays(date, maxDay) > 0,
        selected: chosen !== null && compareDays(chosen, date) === 0,
        cursor: cursor.day === day,
        onPick: () => onPick(date),
      };
    }),
  );
  const monthIndex = year * 12 + month;
  const head = (
    <thead>
      <tr>
        {WEEKDAYS.map((weekday) => (
          <th key={weekday.short} scope="col" abbr={weekday.name}>
            {weekday.short}
          </th>
        ))}
      </tr>
    </thead>
  );
  return (
    <>
      <Header
        title={`${MONTH_NAMES[month]} ${year}`}
        upLabel="choose another month"
        onUp={onUp}
        previous={{ label: 'Previous month', disabled: monthIndex <= minDay.year * 12 + minDay.month }}
        next={{ label: 'Next month', disabled: monthIndex >= maxDay.year * 12 + maxDay.month }}
        onPage={onPage}
      />
      <Grid rows={rows} label={`${MONTH_NAMES[month]} ${year}`} instruction="Choose the day" head={head} onKeyDown={onKeyDown} variant="days" />
    </>
  );
}
