import { zodResolver } from '@hookform/resolvers/zod';
import { addStaffMemberBodySchema, type AddStaffMemberInput } from '@tours/domain/contracts/staff/members';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { usePageHeading } from '../../app/use-page-title.ts';
import { RolesFieldset } from './roles-fieldset.tsx';
import { useAddStaffMember } from './staff-api.ts';

type Values = { email: string; name: string; roles: string[]; reason: string };
// One schema for the form and the API's check: the domain's body schema.
const resolver = zodResolver(addStaffMemberBodySchema) as unknown as Resolver<Values, unknown, AddStaffMemberInput>;

/** /admin/staff/new: a new member, with the reason; they register their passkey at their first sign-in. */
export function AddMemberPage() {
  const heading = usePageHeading('Add a staff member');
  const navigate = useNavigate();
  const add = useAddStaffMember();
  const form = useForm<Values, unknown, AddStaffMemberInput>({ resolver, defaultValues: { email: '', name: '', roles: [], reason: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const member = await add.mutateAsync(values);
      navigate(`/staff/${member.id}`, { state: { added: true } });
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      const fields = Object.entries(error.fields) as [keyof Values, string][];
      if (error.code === 'CONFLICT') form.setError('email', { message: error.message });
      for (const [field, message] of fields) form.setError(field, { message });
      if (fields.length === 0 && error.code !== 'CONFLICT') form.setError('root', { message: error.message });
    }
  });

  return (
    <>
      <p className="console-breadcrumb">
        <Link to="/staff">Staff members</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        Add a staff member
      </h1>
      <form className="console-form" onSubmit={submit} noValidate>
        {errors.root ? (
          <Notice tone="danger" role="alert">
            <p>{errors.root.message}</p>
          </Notice>
        ) : null}
        <TextField label="E-mail address" hint="Their work address: they sign in with it" type="email" autoComplete="off" required error={errors.email?.message} {...form.register('email')} />
        <TextField label="Name" required autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <RolesFieldset register={form.register('roles')} error={errors.roles?.message ?? errors.roles?.root?.message} />
        <TextAreaField label="Reason" hint="Kept in the audit log with your name" required rows={3} error={errors.reason?.message} {...form.register('reason')} />
        <div className="console-actions">
          <Button type="submit" busy={form.formState.isSubmitting}>
            Add the staff member
          </Button>
          <Link to="/staff">Cancel</Link>
        </div>
      </form>
    </>
  );
}
