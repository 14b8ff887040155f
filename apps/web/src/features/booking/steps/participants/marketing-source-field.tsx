import type { MarketingSource } from '@tours/domain/contracts/catalogue';
import { Controller, get, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../../components/ui/field.tsx';
import { isOtherSource, type ParticipantsFormValues } from './form-values.ts';
import { useMarketingSources } from './use-marketing-sources.ts';

/** The source a subsource belongs to: sent with it, since the reservations system keys a subsource by both. */
function sourceOf(sources: readonly MarketingSource[], subsourceId: string): number | undefined {
  return sources.find((source) => source.subsources.some((subsource) => String(subsource.id) === subsourceId))?.id;
}

/**
 * 'How did you hear about us?' (lead only): the reservations system's sources
 * as groups of their subsources. 'Other' (subsource 165 of the online source
 * 63, spec section 9) reveals a box for the visitor's own words.
 */
export function MarketingSourceField() {
  const { control, register, setValue, formState } = useFormContext<ParticipantsFormValues>();
  const sources = useMarketingSources();
  const subsourceId = useWatch({ control, name: 'source.subsource_id' });
  const error = (get(formState.errors, 'source.subsource_id') as { message?: string } | undefined)?.message;
  const loaded = sources.data ?? [];

  return (
    <div className="participants__source">
      <Controller
        control={control}
        name="source.subsource_id"
        render={({ field }) => (
          <SelectField
            label="How did you hear about us?"
            required
            error={error}
            hint={sources.isError ? 'The list could not be loaded.' : undefined}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            disabled={sources.isPending}
            onChange={(event) => {
              const chosen = event.target.value;
              field.onChange(chosen);
              const sourceId = sourceOf(loaded, chosen);
              if (sourceId !== undefined) setValue('source.id', sourceId, { shouldDirty: true });
            }}
          >
            <option value="">{sources.isPending ? 'Loading…' : 'Please choose'}</option>
            {loaded.map((source) => (
              <optgroup key={source.id} label={source.name}>
                {source.subsources.map((subsource) => (
                  <option key={subsource.id} value={String(subsource.id)}>
                    {subsource.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
        )}
      />
      {sources.isError ? (
        <Button variant="ghost" onClick={() => void sources.refetch()}>
          Try loading the list again
        </Button>
      ) : null}
      {isOtherSource(subsourceId) ? (
        <TextField
          label="Please tell us where you heard about us"
          maxLength={100}
          error={(get(formState.errors, 'source.subsource_description') as { message?: string } | undefined)?.message}
          {...register('source.subsource_description')}
        />
      ) : null}
    </div>
  );
}
