import { zodResolver } from '@hookform/resolvers/zod';
import { addAgencyBodySchema, type AddAgencyInput } from '@tours/domain/contracts/staff/agencies';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { usePageHeading } from '../../app/use-page-title.ts';
import { useAddAgency } from './agencies-api.ts';

type Values = { code: string; name: string; reason: string };
// One schema for the form and the API's check: the domain's body schema.
const resolver = zodResolver(addAgencyBodySchema) as unknown as Resolver<Values, unknown, AddAgencyInput>;

/** /admin/agencies/new: a new agency; its staff are added on its page. */
export function AddAgencyPage() {
  const heading = usePageHeading('Add an agency');
  const navigate = useNavigate();
  const add = useAddAgency();
  const form = useForm<Values, unknown, AddAgencyInput>({ resolver, defaultValues: { code: '', name: '', reason: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const agency = await add.mutateAsync(values);
      navigate(`/agencies/${agency.id}`, { state: { added: true } });
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      const fields = Object.entries(error.fields) as [keyof Values, string][];
      for (const [field, message] of fields) form.setError(field, { message });
      if (fields.length === 0) form.setError('root', { message: error.message });
    }
  });

  return (
    <>
      <p className="console-breadcrumb">
        <Link to="/agencies">Travel agencies</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        Add an agency
      </h1>
      <form className="console-form" onSubmit={submit} noValidate>
        {errors.root ? (
          <Notice tone="danger" role="alert">
            <p>{errors.root.message}</p>
          </Notice>
        ) : null}
        <TextField label="Agent ID" hint="What the agency's staff type on the site, for example AG1001. It cannot change later" autoComplete="off" required error={errors.code?.message} {...form.register('code')} />
        <TextField label="Name" required autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <TextAreaField label="Reason" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
        <div className="console-actions">
          <Button type="submit" busy={form.formState.isSubmitting}>
            Add the agency
          </Button>
          <Link to="/agencies">Cancel</Link>
        </div>
      </form>
    </>
  );
}
