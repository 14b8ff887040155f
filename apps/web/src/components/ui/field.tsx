import { useId, type Ref, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/**
 * Form fields with a visible label bound to the control, an optional hint,
 * and an error message tied to it by aria-describedby. The controls take
 * `ref` as a prop (React 19), so react-hook-form's `register()` spreads onto them.
 */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** ' (required)' after a label, in words rather than an asterisk, so every reader gets it. */
export function RequiredMark({ required }: { required?: boolean | undefined }) {
  return required ? (
    <>
      {' '}
      <span className="field__required">(required)</span>
    </>
  ) : null;
}

/** The ids of a field's hint and error, present only when shown, and the aria-describedby that names them. */
export function fieldDescriptions(id: string, hint: ReactNode, error: string | undefined) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** A field wrapper's classes: `field`, its own kind, the invalid state, then the caller's. */
export const fieldClassName = (kind: string | null, error: string | undefined, className?: string) =>
  ['field', kind, error ? 'field--invalid' : null, className].filter(Boolean).join(' ');

export function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  return children ? (
    <p className="field__hint" id={id}>
      {children}
    </p>
  ) : null;
}

export function FieldError({ id, children }: { id: string | undefined; children: string | undefined }) {
  return children ? (
    <p className="field__error" id={id}>
      {children}
    </p>
  ) : null;
}

export function Field({ label, hint, error, required, className, children }: FieldProps) {
  const id = useId();
  const { hintId, errorId, describedBy } = fieldDescriptions(id, hint, error);
  return (
    <div className={fieldClassName(null, error, className)}>
      <label className="field__label" htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(required ? { 'aria-required': true as const } : {}),
      })}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

type Common = { label: ReactNode; hint?: ReactNode; error?: string | undefined; required?: boolean; className?: string };

export function TextField({ label, hint, error, required, className, ...input }: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => <input className="input" type="text" {...input} {...control} />}
    </Field>
  );
}

export function TextAreaField({ label, hint, error, required, className, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => <textarea className="input input--textarea" {...textarea} {...control} />}
    </Field>
  );
}

export function SelectField({ label, hint, error, required, className, children, ...select }: Common & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <select className="input input--select" {...select} {...control}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** A tickbox with its label to the right, the way people expect to read it. */
export function CheckboxField({ label, hint, error, className, ...input }: Omit<Common, 'required'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const { hintId, errorId, describedBy } = fieldDescriptions(id, hint, error);
  return (
    <div className={fieldClassName('field--checkbox', error, className)}>
      <input className="checkbox" type="checkbox" id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
