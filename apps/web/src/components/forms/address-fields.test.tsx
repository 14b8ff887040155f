import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../../lib/alerts.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { AddressFields } from './address-fields.tsx';

interface Values {
  billing: { line_1: string; line_2: string; city: string; state: string; postal_code: string; country: string };
}

const BLANK: Values = { billing: { line_1: '', line_2: '', city: '', state: '', postal_code: '', country: 'GBR' } };

/** Any form can hold the fields, under any path: here the account area's billing address with 'State'. */
function Harness({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: BLANK });
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <AddressFields name="billing" stateLabel="State" postcodeLabel="Postal code" />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

const postcode = () => screen.getByRole('textbox', { name: /^Postal code/ });
const errorText = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent;

describe('AddressFields', () => {
  it('fills the lines of the chosen address under its path, and they stay editable', async () => {
    mockFetch(() =>
      jsonResponse({ data: { postcode: 'EC1A 1BB', addresses: ['1 Little Britain, Barbican, , , , London, City of London', '2 Little Britain, , , , , London, City of London'] } }),
    );
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(postcode(), 'ec1a1bb');
    await user.click(screen.getByRole('button', { name: 'Find address' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Choose address' }), '0');
    await user.type(screen.getByRole('textbox', { name: /^Line 2/ }), ' Estate');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      billing: { line_1: '1 Little Britain', line_2: 'Barbican Estate', city: 'London', state: 'City of London', postal_code: 'EC1A 1BB', country: 'GBR' },
    });
    expect(screen.getByRole('textbox', { name: /^State/ })).toBeTruthy();
  });

  it('shows a failed lookup at the postcode, without the general toast', async () => {
    mockFetch(() => jsonResponse({ error: { code: 'SERVICE_FAILURE', message: 'down' } }, 503));
    const user = userEvent.setup();
    render(<Harness onSubmit={() => {}} />);
    await user.type(postcode(), 'EC1A 1BB');
    await user.click(screen.getByRole('button', { name: 'Find address' }));
    await waitFor(() => expect(errorText(postcode())).toBe('Sorry, we were unable to find that post-code.'));
    expect(postcode().getAttribute('aria-invalid')).toBe('true');
    expect(useAlertStore.getState().alerts).toEqual([]);
  });
});
