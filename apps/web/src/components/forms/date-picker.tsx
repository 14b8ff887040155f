import { formatShortDate } from '@tours/domain/dates';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { CalendarIcon } from '../ui/icons.tsx';
import { fieldClassName, fieldDescriptions, FieldError, FieldHint, RequiredMark } from '../ui/field.tsx';
import {
  addDays,
  addMonths,
  addYears,
  clampDay,
  fromIso,
  toIso,
  yearPageStart,
  YEARS_PER_PAGE,
  type CalendarDay,
} from './calendar.ts';
import { DayView, MonthView, YearView } from './date-picker-views.tsx';
import './forms.css';

export type DatePickerView = 'years' | 'months' | 'days';

interface DatePickerProps {
  label: string;
  /** 'YYYY-MM-DD', or '' when nothing is chosen. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The year the picker opens on while no date is chosen. */
  startYear: number;
  /** Earliest and latest dates that can be picked, 'YYYY-MM-DD'. */
  min?: string;
  max?: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  name?: string;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

const DEFAULT_MIN = '1900-01-01';
const DEFAULT_MAX = '2100-12-31';

/**
 * A date picked the way people give a date of birth or a passport date: year
 * first, then month, then the day on a calendar (spec section 2). The field
 * is a button that names the chosen date (dd MMM yyyy); it opens a labelled
 * non-modal dialog under it. Each view is a grid with one tab stop whose
 * arrow keys move the cursor (Home/End, PageUp/PageDown too), Enter picks,
 * Escape or leaving the dialog closes it and focus returns to the field.
 */
export function DatePicker({
  label,
  value,
  onChange,
  onBlur,
  startYear,
  min = DEFAULT_MIN,
  max = DEFAULT_MAX,
  error,
  hint,
  required,
  name,
  className,
  ref,
}: DatePickerProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const { hintId, errorId, describedBy } = fieldDescriptions(id, hint, error);
  const dialogId = `${id}-dialog`;
  const minDay = fromIso(min) ?? fromIso(DEFAULT_MIN)!;
  const maxDay = fromIso(max) ?? fromIso(DEFAULT_MAX)!;
  const chosen = fromIso(value);

  const [open, setOpen] = useState(false);
  const [view, setView] = useState<DatePickerView>('years');
  const [cursor, setCursor] = useState<CalendarDay>(() => chosen ?? { year: startYear, month: 0, day: 1 });
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const popoverRef = useRef<HTMLDivElement | null>(null);
  // Focus follows the cursor only while the keyboard is in the grid, never from a click elsewhere.
  const focusGrid = useRef(false);

  const openPicker = () => {
    // With a date chosen the day view is the quickest change; otherwise the year comes first.
    setCursor(clampDay(chosen ?? { year: startYear, month: 0, day: 1 }, minDay, maxDay));
    setView(chosen ? 'days' : 'years');
    focusGrid.current = true;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    onBlur?.();
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open || !focusGrid.current) return;
    popoverRef.current?.querySelector<HTMLElement>('[data-cursor="true"]')?.focus();
  }, [open, view, cursor]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      const target = event.target as Node;
      if (!popoverRef.current?.contains(target) && !triggerRef.current?.contains(target)) {
        setOpen(false);
        onBlur?.();
      }
    };
    // Escape closes the picker only, never a dialog the field sits in.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      onBlur?.();
      triggerRef.current?.focus();
    };
    const popover = popoverRef.current;
    document.addEventListener('mousedown', onPointerDown);
    popover?.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      popover?.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onBlur]);

  const moveCursor = (next: CalendarDay) => {
    focusGrid.current = true;
    setCursor(clampDay(next, minDay, maxDay));
  };

  const pickYear = (year: number) => {
    moveCursor({ ...cursor, year, day: Math.min(cursor.day, 28) });
    setView('months');
  };
  const pickMonth = (month: number) => {
    moveCursor(addMonths({ ...cursor, month: 0 }, month));
    setView('days');
  };
  const pickDay = (day: CalendarDay) => {
    onChange(toIso(day));
    close(true);
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = STEPS[view][event.key];
    if (step) {
      event.preventDefault();
      moveCursor(step(cursor, event.shiftKey));
    }
  };


  const page = (direction: 1 | -1) => {
    focusGrid.current = false;
    const moved =
      view === 'years' ? addYears(cursor, direction * YEARS_PER_PAGE) : view === 'months' ? addYears(cursor, direction) : addMonths(cursor, direction);
    setCursor(clampDay(moved, minDay, maxDay));
  };

  const views = { minDay, maxDay, cursor, chosen, onKeyDown: onGridKeyDown };

  return (
    <div className={fieldClassName('date-picker', error, className)}>
      <span className="field__label" id={labelId}>
        {label}
        <RequiredMark required={required} />
      </span>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <div className="date-picker__anchor">
        <button
          type="button"
          name={name}
          className="input date-picker__trigger"
          ref={(node) => {
            triggerRef.current = node;
            if (typeof ref === 'function') ref(node);
            else if (ref) ref.current = node;
          }}
          aria-labelledby={`${labelId} ${valueId}`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          // A combobox whose popup is a dialog (the APG date picker pattern): it can carry aria-invalid, a plain button cannot.
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          onClick={() => (open ? close(false) : openPicker())}
        >
          <span id={valueId} className={chosen ? 'date-picker__value' : 'date-picker__placeholder'}>
            {chosen ? formatShortDate(value) : 'Choose a date'}
          </span>
          <CalendarIcon className="date-picker__icon" />
        </button>
        {open ? (
          <div
            id={dialogId}
            ref={popoverRef}
            className="date-picker__popover"
            role="dialog"
            aria-modal="false"
            aria-label={`Choose ${label.toLowerCase()}`}
            onBlur={(event) => {
              // Tabbing out of the dialog closes it, as leaving a menu does.
              const next = event.relatedTarget as Node | null;
              if (next && !popoverRef.current?.contains(next) && next !== triggerRef.current) close(false);
            }}
          >
            {view === 'years' ? (
              <YearView {...views} onPage={page} onPick={pickYear} />
            ) : view === 'months' ? (
              <MonthView {...views} onPage={page} onPick={pickMonth} onUp={() => setView('years')} />
            ) : (
              <DayView {...views} onPage={page} onPick={pickDay} onUp={() => setView('months')} />
            )}
          </div>
        ) : null}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

type Step = (cursor: CalendarDay, shift: boolean) => CalendarDay;

/** Arrow keys move through the grid as laid out: four years, three months or seven days to a row. */
const STEPS: Record<DatePickerView, Record<string, Step>> = {
  years: {
    ArrowLeft: (c) => addYears(c, -1),
    ArrowRight: (c) => addYears(c, 1),
    ArrowUp: (c) => addYears(c, -4),
    ArrowDown: (c) => addYears(c, 4),
    Home: (c) => ({ ...c, year: yearPageStart(c.year) }),
    End: (c) => ({ ...c, year: yearPageStart(c.year) + YEARS_PER_PAGE - 1 }),
    PageUp: (c) => addYears(c, -YEARS_PER_PAGE),
    PageDown: (c) => addYears(c, YEARS_PER_PAGE),
  },
  months: {
    ArrowLeft: (c) => addMonths(c, -1),
    ArrowRight: (c) => addMonths(c, 1),
    ArrowUp: (c) => addMonths(c, -3),
    ArrowDown: (c) => addMonths(c, 3),
    Home: (c) => addMonths(c, -c.month),
    End: (c) => addMonths(c, 11 - c.month),
    PageUp: (c) => addYears(c, -1),
    PageDown: (c) => addYears(c, 1),
  },
  days: {
    ArrowLeft: (c) => addDays(c, -1),
    ArrowRight: (c) => addDays(c, 1),
    ArrowUp: (c) => addDays(c, -7),
    ArrowDown: (c) => addDays(c, 7),
    Home: (c) => ({ ...c, day: 1 }),
    End: (c) => addDays(addMonths({ ...c, day: 1 }, 1), -1),
    PageUp: (c, shift) => (shift ? addYears(c, -1) : addMonths(c, -1)),
    PageDown: (c, shift) => (shift ? addYears(c, 1) : addMonths(c, 1)),
  },
};
