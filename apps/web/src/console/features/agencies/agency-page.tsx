import { zodResolver } from '@hookform/resolvers/zod';
import { updateAgencyBodySchema, type StaffAgencyPage, type UpdateAgencyInput } from '@tours/domain/contracts/staff/agencies';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { usePageHeading } from '../../app/use-page-title.ts';
import { ConfirmWithReason } from '../../components/confirm-with-reason.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import { useAgency, useAgencyChanges } from './agencies-api.ts';
import { AgencyStaffSection } from './agency-staff-section.tsx';

/** /admin/agencies/:agency: one agency, its name, whether it is enabled, and its staff. */
export function AgencyPage() {
  const id = Number(useParams().agency);
  const query = useAgency(id);
  const heading = usePageHeading(query.data ? query.data.agency.name : 'Agency');
  if (query.isPending) return <Spinner label="Loading the agency" />;
  if (query.isError) {
    return (
      <Notice tone="danger" role="alert">
        <p>{query.error.message}</p>
      </Notice>
    );
  }
  const { agency, etag } = query.data;
  const reload = () => void query.refetch();
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="/agencies">Travel agencies</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        {agency.name}
      </h1>
      <AgencyFacts agency={agency} />
      <AgencyForm key={agency.version} agency={agency} etag={etag} onReload={reload} />
      <AgencyStatus agency={agency} etag={etag} onReload={reload} />
      <AgencyStaffSection agency={agency} onReload={reload} />
    </>
  );
}

function AgencyFacts({ agency }: { agency: StaffAgencyPage }) {
  const added = (useLocation().state as { added?: boolean } | null)?.added === true;
  return (
    <>
      {added ? (
        <Notice tone="success" role="status">
          <p>{agency.name} is added. Add its staff below: they verify with the Agent ID and their e-mail address.</p>
        </Notice>
      ) : null}
      <dl className="console-facts">
        <dt>Agent ID</dt>
        <dd>{agency.code}</dd>
        <dt>Status</dt>
        <dd>{agency.active ? 'Enabled' : 'Disabled: its staff cannot verify on the site'}</dd>
        <dt>Staff</dt>
        <dd>
          {agency.active_staff_count} enabled of {agency.staff_count}
        </dd>
      </dl>
    </>
  );
}

type NameValues = { name: string; reason: string };
const resolver = zodResolver(updateAgencyBodySchema) as unknown as Resolver<NameValues, unknown, UpdateAgencyInput>;

function AgencyForm({ agency, etag, onReload }: { agency: StaffAgencyPage; etag: string | null; onReload: () => void }) {
  const { change } = useAgencyChanges(agency.id);
  const [saved, setSaved] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const form = useForm<NameValues, unknown, UpdateAgencyInput>({ resolver, defaultValues: { name: agency.name, reason: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    setStale(null);
    try {
      await change.mutateAsync({ body: values, etag });
      setSaved(true);
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      if (error.code === 'PRECONDITION_FAILED') return setStale(error.message);
      const fields = Object.entries(error.fields) as [keyof NameValues, string][];
      for (const [field, message] of fields) form.setError(field, { message });
      if (fields.length === 0) form.setError('root', { message: error.message });
    }
  });

  return (
    <section aria-labelledby="agency-details-heading" className="console-panel">
      <h2 id="agency-details-heading">Agency name</h2>
      <form className="console-form" onSubmit={submit} noValidate>
        {saved ? (
          <Notice tone="success" role="status">
            <p>The changes are saved.</p>
          </Notice>
        ) : null}
        <StaleNotice message={stale} reloadLabel="Reload the agency" onReload={onReload} />
        {errors.root ? (
          <Notice tone="danger" role="alert">
            <p>{errors.root.message}</p>
          </Notice>
        ) : null}
        <TextField label="Name" required autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <TextAreaField label="Reason for the change" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
        <Button type="submit" busy={form.formState.isSubmitting}>
          Save the name
        </Button>
      </form>
    </section>
  );
}

function AgencyStatus({ agency, etag, onReload }: { agency: StaffAgencyPage; etag: string | null; onReload: () => void }) {
  const { change } = useAgencyChanges(agency.id);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const enabling = !agency.active;

  const confirm = async (reason: string) => {
    setError(null);
    try {
      await change.mutateAsync({ body: { active: enabling, reason }, etag });
      setDone(enabling ? `${agency.name} is enabled: its enabled staff can verify again.` : `${agency.name} is disabled: its staff can no longer verify on the site.`);
      setOpen(false);
    } catch (caught) {
      if (isApiRequestError(caught) && caught.code === 'PRECONDITION_FAILED') {
        setOpen(false);
        return setStale(caught.message);
      }
      setError(isApiRequestError(caught) ? (caught.fields.reason ?? caught.message) : 'Something went wrong. Please try again.');
    }
  };

  return (
    <section aria-labelledby="agency-status-heading" className="console-panel">
      <h2 id="agency-status-heading">Status</h2>
      {done ? (
        <Notice tone="success" role="status">
          <p>{done}</p>
        </Notice>
      ) : null}
      <StaleNotice message={stale} reloadLabel="Reload the agency" onReload={onReload} />
      <div className="console-actions">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {enabling ? 'Enable the agency' : 'Disable the agency'}
        </Button>
      </div>
      <ConfirmWithReason
        open={open}
        title={enabling ? `Enable ${agency.name}?` : `Disable ${agency.name}?`}
        confirmLabel={enabling ? 'Enable' : 'Disable'}
        busy={change.isPending}
        error={error}
        onConfirm={(reason) => void confirm(reason)}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
      >
        <p>{enabling ? 'Its enabled staff can verify on the site again.' : 'Its staff fail the agent verification at once, and verifications already given stop working. Its bookings stay as they are.'}</p>
      </ConfirmWithReason>
    </section>
  );
}
