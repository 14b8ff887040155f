import { PERMISSION_TABLE, STAFF_PERMISSIONS, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@tours/domain/staff/permissions';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '../../../components/ui/field.tsx';

/** What each role may do, in a few words, from the domain's one table. */
const roleSummary = (role: StaffRole) =>
  STAFF_PERMISSIONS.filter((permission) => PERMISSION_TABLE[permission].roles.includes(role))
    .map((permission) => PERMISSION_TABLE[permission].lets.toLowerCase())
    .slice(0, 3)
    .join('; ');

/** The roles of a member as a group of checkboxes, each with what it lets the member do. */
export function RolesFieldset({ register, error }: { register: UseFormRegisterReturn; error?: string | undefined }) {
  const id = useId();
  return (
    <fieldset className={['console-roles', error ? 'field--invalid' : null].filter(Boolean).join(' ')} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">
        Roles <span className="field__required">(required)</span>
      </legend>
      {STAFF_ROLES.map((role) => (
        <div className="console-roles__option" key={role}>
          <input type="checkbox" id={`${id}-${role}`} value={role} aria-describedby={`${id}-${role}-hint`} {...register} />
          <label htmlFor={`${id}-${role}`}>{STAFF_ROLE_LABELS[role]}</label>
          <p className="field__hint" id={`${id}-${role}-hint`}>
            {roleSummary(role)}
            {'…'}
          </p>
        </div>
      ))}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
