import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CheckboxField, SelectField, TextField } from './field.tsx';

describe('field wrappers', () => {
  it('bind a visible label, the hint and the error to the control', () => {
    render(<TextField label="First name" hint="As on your passport" error="First name is required" required name="given_name" />);
    const input = screen.getByRole('textbox', { name: 'First name (required)' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toEqual(['As on your passport', 'First name is required']);
  });

  it('leave a valid control unmarked', () => {
    render(
      <SelectField label="Title" defaultValue="">
        <option value="">Choose</option>
        <option value="Dr">Dr</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Title' });
    expect(select.hasAttribute('aria-invalid')).toBe(false);
    expect(select.hasAttribute('aria-describedby')).toBe(false);
  });

  it('put a tickbox before its label and toggle it from the label', async () => {
    render(<CheckboxField label="I accept the terms and conditions" error="Please confirm the terms and conditions to continue." />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms and conditions' });
    await userEvent.click(screen.getByText('I accept the terms and conditions'));
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please confirm the terms and conditions to continue.',
    );
  });
});
