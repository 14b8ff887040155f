import { COUNTRIES } from '@tours/domain/countries';
import { addressLabel, parseLookedUpAddress } from '@tours/domain/postcode-addresses';
import { useId, useState, type KeyboardEvent } from 'react';
import { get, useFormContext, useFormState, type FieldValues } from 'react-hook-form';
import { usePostcodeLookup } from '../../lib/postcode-lookup.ts';
import { Button } from '../ui/button.tsx';
import { Field, SelectField, TextField } from '../ui/field.tsx';
import './forms.css';

interface AddressFieldsProps {
  /** Path of the address object inside the surrounding form, e.g. 'participants.0.address'. */
  name: string;
  /** The spec's 'state' is shown as 'County' in the booking flow and 'State' in the account area. */
  stateLabel?: string;
  postcodeLabel?: string;
  /** Marks fields the schema requires, so the label says so before anyone submits. */
  required?: boolean;
}

const LOOKED_UP_FIELDS = ['line_1', 'line_2', 'city', 'state', 'postal_code', 'country'] as const;

/**
 * A postal address inside a react-hook-form form (any form: it reads the
 * form from context and writes under `name`): the UK postcode lookup with its
 * 'Find address' button, the chooser of the addresses found, then the lines
 * anyone can type, and the country. Choosing an address fills the lines
 * (spec section 7: line 1, city, state, country GBR), which stay editable.
 */
export function AddressFields({ name, stateLabel = 'County', postcodeLabel = 'Postcode', required = true }: AddressFieldsProps) {
  const { register, getValues, setValue } = useFormContext<FieldValues>();
  // Read here, so that this component hears of a submission (the context's formState is only a snapshot).
  const { errors, isSubmitted } = useFormState({ name });
  const lookup = usePostcodeLookup();
  const [chosen, setChosen] = useState('');
  const statusId = useId();
  const path = (field: string) => `${name}.${field}`;
  const errorOf = (field: string): string | undefined => (get(errors, path(field)) as { message?: string } | undefined)?.message;

  const find = async () => {
    setChosen('');
    const result = await lookup.find(String(getValues(path('postal_code')) ?? ''));
    if (result?.status === 'found') setValue(path('postal_code'), result.postcode, { shouldDirty: true });
  };

  const choose = (index: string) => {
    setChosen(index);
    if (lookup.state.status !== 'found' || index === '') return;
    const address = lookup.state.addresses[Number(index)];
    if (address === undefined) return;
    const parsed = parseLookedUpAddress(address, lookup.state.postcode);
    for (const field of LOOKED_UP_FIELDS) {
      // Re-validate only once the visitor has tried to go on, as typing does.
      setValue(path(field), parsed[field], { shouldDirty: true, shouldValidate: isSubmitted });
    }
  };

  // Enter in the postcode box finds the address; it must not submit the whole step.
  const onPostcodeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void find();
    }
  };

  const postcode = register(path('postal_code'), { onChange: () => lookup.state.status !== 'idle' && lookup.clear() });
  const lookupMessage = lookup.state.status === 'failed' ? lookup.state.message : undefined;
  const searching = lookup.state.status === 'searching';
  const found = lookup.state.status === 'found' ? lookup.state.addresses : null;

  return (
    <div className="address-fields">
      <Field
        label={postcodeLabel}
        hint="UK addresses can be found by postcode; any address can be typed below."
        error={lookupMessage ?? errorOf('postal_code')}
        required={required}
        className="address-fields__postcode"
      >
        {(control) => (
          <div className="address-fields__lookup">
            <input className="input" type="text" autoComplete="postal-code" onKeyDown={onPostcodeKeyDown} {...postcode} {...control} />
            <Button variant="secondary" onClick={() => void find()} busy={searching}>
              Find address
            </Button>
          </div>
        )}
      </Field>
      <p className="visually-hidden" id={statusId} role="status">
        {searching ? 'Searching for addresses' : found ? `${found.length} addresses found. Choose yours from the list.` : ''}
      </p>

      {found ? (
        <SelectField label="Choose address" value={chosen} onChange={(event) => choose(event.target.value)} className="address-fields__chooser">
          <option value="">Select your address ({found.length} found)</option>
          {found.map((address, index) => (
            <option key={`${index}-${address}`} value={index}>
              {addressLabel(address)}
            </option>
          ))}
        </SelectField>
      ) : null}

      <TextField label="Line 1" required={required} autoComplete="address-line1" error={errorOf('line_1')} {...register(path('line_1'))} />
      <TextField label="Line 2" autoComplete="address-line2" error={errorOf('line_2')} {...register(path('line_2'))} />
      <TextField label="City" required={required} autoComplete="address-level2" error={errorOf('city')} {...register(path('city'))} />
      <TextField label={stateLabel} required={required} autoComplete="address-level1" error={errorOf('state')} {...register(path('state'))} />
      <SelectField label="Country" required={required} autoComplete="country-name" error={errorOf('country')} {...register(path('country'))}>
        <option value="">Choose a country</option>
        {COUNTRIES.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
