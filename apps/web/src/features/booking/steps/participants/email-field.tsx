import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '../../../../components/ui/field.tsx';
import type * as Suggestions from './email-suggestion.ts';
import type { ParticipantsFormValues } from './form-values.ts';

type EmailPath = `participants.${number}.email`;

/** Loaded on the first blur of any e-mail field, then kept. */
let suggestions: Promise<typeof Suggestions> | null = null;
const loadSuggestions = () => (suggestions ??= import('./email-suggestion.ts'));

/**
 * A participant's e-mail address. The domain's rule refuses an address no mail
 * can reach when the step is checked; on leaving the field, a common slip in
 * its domain ('gmial.com') is met with 'Did you mean …@gmail.com?', which fills
 * the field in one press. Only a suggestion: the address as typed still goes
 * if the visitor meant it.
 */
export function EmailField({ name, error }: { name: EmailPath; error: string | undefined }) {
  const { control, register, setValue, setFocus, formState } = useFormContext<ParticipantsFormValues>();
  const value = useWatch({ control, name }) ?? '';
  // The suggestion with the address it was made for: typing anything else withdraws it.
  const [suggestion, setSuggestion] = useState<{ typed: string; address: string } | null>(null);
  const shown = suggestion && suggestion.typed === value.trim() ? suggestion.address : null;

  const field = register(name, {
    onBlur: (event: { target: { value: string } }) => {
      const typed = event.target.value.trim();
      if (typed === '') return;
      void loadSuggestions().then(
        ({ likelyEmail }) => {
          const address = likelyEmail(typed);
          setSuggestion(address ? { typed, address } : null);
        },
        () => undefined, // Only a convenience: without its chunk the field works as before.
      );
    },
  });

  const accept = (address: string) => {
    setValue(name, address, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setSuggestion(null);
    setFocus(name);
  };

  return (
    <div className="email-field">
      <TextField label="E-mail address" type="email" required autoComplete="email" spellCheck={false} error={error} {...field} />
      <p className="field__suggestion" role="status">
        {shown ? (
          <>
            Did you mean{' '}
            <button type="button" className="text-button" aria-label={`Use ${shown}`} onClick={() => accept(shown)}>
              {shown}
            </button>
            ?
          </>
        ) : null}
      </p>
    </div>
  );
}
