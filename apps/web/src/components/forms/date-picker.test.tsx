import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './date-picker.tsx';

function Harness({ initial = '', onChange = () => {}, error }: { initial?: string; onChange?: (value: string) => void; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DatePicker
        label="Date of birth"
        required
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        startYear={1960}
        max="2024-06-15"
        error={error}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: /^Date of birth/ });
const dialog = () => screen.getByRole('dialog', { name: 'Choose date of birth' });

describe('DatePicker', () => {
  it('picks year, then month, then day, and shows the date as dd MMM yyyy', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(field().textContent).toContain('Choose a date');
    expect(field().getAttribute('aria-expanded')).toBe('false');

    await user.click(field());
    expect(field().getAttribute('aria-expanded')).toBe('true');
    // It opens on the years from 1960, with 1960 under the cursor.
    expect(within(dialog()).getByRole('grid', { name: 'Years 1960 to 1979' })).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog()).getByRole('button', { name: '1960' }));

    await user.click(within(dialog()).getByRole('button', { name: '1965' }));
    expect(within(dialog()).getByRole('grid', { name: 'Months of 1965' })).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'March 1965' }));
    const days = within(dialog()).getByRole('grid', { name: 'March 1965' });
    // Monday first: 1 March 1965 was a Monday.
    expect(within(days).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    await user.click(within(days).getByRole('button', { name: '4 March 1965' }));

    expect(onChange).toHaveBeenCalledWith('1965-03-04');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field().textContent).toContain('04 Mar 1965');
    expect(field()).toHaveProperty('ariaExpanded', 'false');
    expect(document.activeElement).toBe(field());
    expect(screen.getByRole('combobox', { name: 'Date of birth (required) 04 Mar 1965' })).toBeTruthy();
  });

  it('works from the keyboard alone', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.tab();
    expect(document.activeElement).toBe(field());
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('1965');
    // One tab stop per grid: the cursor cell.
    expect(within(dialog()).getAllByRole('button').filter((button) => button.tabIndex === 0).map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Earlier years',
      'Later years',
      '1965',
    ]);
    await user.keyboard('{Enter}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('January 1965');
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('1 March 1965');
    await user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('7 March 1965');
    // Past the month's edge the calendar follows the cursor.
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('28 February 1965');
    await user.keyboard('{PageDown}{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('31 March 1965');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('1965-03-31');
    expect(document.activeElement).toBe(field());
  });

  it('pages through years and climbs back from days to months to years', async () => {
    const user = userEvent.setup();
    render(<Harness initial="1958-04-17" />);
    await user.click(field());
    // A chosen date opens on its month, marked as selected.
    const april = within(dialog()).getByRole('grid', { name: 'April 1958' });
    expect(within(april).getByRole('button', { name: '17 April 1958' }).closest('td')?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('17 April 1958');
    await user.click(within(dialog()).getByRole('button', { name: /choose another month/ }));
    await user.click(within(dialog()).getByRole('button', { name: /choose another year/ }));
    expect(within(dialog()).getByRole('grid', { name: 'Years 1940 to 1959' })).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Earlier years' }));
    expect(within(dialog()).getByRole('grid', { name: 'Years 1920 to 1939' })).toBeTruthy();
  });

  it('refuses dates after the latest allowed one', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2024-06-01" />);
    await user.click(field());
    expect(within(dialog()).getByRole('button', { name: '15 June 2024' })).toHaveProperty('disabled', false);
    expect(within(dialog()).getByRole('button', { name: '16 June 2024' })).toHaveProperty('disabled', true);
    expect(within(dialog()).getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
    // The cursor cannot be walked past the limit either.
    await user.keyboard('{PageDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('15 June 2024');
  });

  it('closes on Escape or a click outside without changing the date', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(field());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field());
    await user.click(field());
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('ties its error message to the field', () => {
    render(<Harness error="Date of birth is required" />);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field().getAttribute('aria-describedby') ?? '')?.textContent).toBe('Date of birth is required');
  });
});
