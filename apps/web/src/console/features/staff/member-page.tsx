import { zodResolver } from '@hookform/resolvers/zod';
import { updateStaffMemberBodySchema, type StaffMember, type UpdateStaffMemberInput } from '@tours/domain/contracts/staff/members';
import { STAFF_ROLE_LABELS } from '@tours/domain/staff/permissions';
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
import { useStaffMe } from '../../lib/staff-session.ts';
import { RolesFieldset } from './roles-fieldset.tsx';
import { useChangeStaffMember, useStaffMember } from './staff-api.ts';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/staff/:member: one member, their details form, and the actions that need a reason and a confirmation. */
export function MemberPage() {
  const id = Number(useParams().member);
  const member = useStaffMember(id);
  const heading = usePageHeading(member.data ? member.data.member.name : 'Staff member');
  if (member.isPending) return <Spinner label="Loading the staff member" />;
  if (member.isError) {
    return (
      <Notice tone="danger" role="alert">
        <p>{member.error.message}</p>
      </Notice>
    );
  }
  const { member: current, etag } = member.data;
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="/staff">Staff members</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        {current.name}
      </h1>
      <MemberFacts member={current} />
      {/* Keyed by version: the form starts again from what the member now is after every change. */}
      <MemberForm key={current.version} member={current} etag={etag} onReload={() => void member.refetch()} />
      <MemberActions member={current} etag={etag} />
    </>
  );
}

function MemberFacts({ member }: { member: StaffMember }) {
  const added = (useLocation().state as { added?: boolean } | null)?.added === true;
  return (
    <>
      {added ? (
        <Notice tone="success" role="status">
          <p>{member.name} is added. They register a passkey the first time they sign in.</p>
        </Notice>
      ) : null}
      <dl className="console-facts">
        <dt>E-mail</dt>
        <dd>{member.email}</dd>
        <dt>Status</dt>
        <dd>{member.active ? 'Active' : 'Deactivated: cannot sign in'}</dd>
        <dt>Roles</dt>
        <dd>{member.roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ')}</dd>
        <dt>Passkeys</dt>
        <dd>{member.passkeys === 0 ? 'None: registers one at the next sign-in' : member.passkeys}</dd>
        <dt>Recovery codes left</dt>
        <dd>{member.recovery_codes_left}</dd>
        <dt>Added</dt>
        <dd>{dateTime(member.created_at)}</dd>
        <dt>Last changed</dt>
        <dd>{dateTime(member.updated_at)}</dd>
      </dl>
    </>
  );
}

type FormValues = { name: string; roles: string[]; reason: string };
const resolver = zodResolver(updateStaffMemberBodySchema) as unknown as Resolver<FormValues, unknown, UpdateStaffMemberInput>;

function MemberForm({ member, etag, onReload }: { member: StaffMember; etag: string | null; onReload: () => void }) {
  const { change } = useChangeStaffMember(member.id);
  const [saved, setSaved] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, UpdateStaffMemberInput>({ resolver, defaultValues: { name: member.name, roles: member.roles, reason: '' } });
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
      const fields = Object.entries(error.fields) as [keyof FormValues, string][];
      for (const [field, message] of fields) form.setError(field, { message });
      if (fields.length === 0) form.setError('root', { message: error.message });
    }
  });

  return (
    <section aria-labelledby="details-heading" className="console-panel">
      <h2 id="details-heading">Name and roles</h2>
      <form className="console-form" onSubmit={submit} noValidate>
        {saved ? (
          <Notice tone="success" role="status">
            <p>The changes are saved.</p>
          </Notice>
        ) : null}
        {stale ? (
          <Notice tone="warning" role="alert" title="Not saved">
            <p>{stale}</p>
            <Button variant="secondary" onClick={onReload}>
              Reload the member
            </Button>
          </Notice>
        ) : null}
        {errors.root ? (
          <Notice tone="danger" role="alert">
            <p>{errors.root.message}</p>
          </Notice>
        ) : null}
        <TextField label="Name" required autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <RolesFieldset register={form.register('roles')} error={errors.roles?.message ?? errors.roles?.root?.message} />
        <TextAreaField label="Reason for the change" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
        <Button type="submit" busy={form.formState.isSubmitting}>
          Save the changes
        </Button>
      </form>
    </section>
  );
}

type Pending = 'deactivate' | 'reactivate' | 'reset' | null;

function MemberActions({ member, etag }: { member: StaffMember; etag: string | null }) {
  const me = useStaffMe();
  const { change, reset } = useChangeStaffMember(member.id);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const self = me.member.id === member.id;

  const confirm = async (reason: string) => {
    setError(null);
    try {
      if (pending === 'reset') await reset.mutateAsync({ reason, etag });
      else await change.mutateAsync({ body: { active: pending === 'reactivate', reason }, etag });
      setDone(pending === 'reset' ? `${member.name}'s passkeys are removed. They register a new one at their next sign-in.` : pending === 'deactivate' ? `${member.name} is deactivated and signed out.` : `${member.name} can sign in again.`);
      setPending(null);
    } catch (caught) {
      setError(isApiRequestError(caught) ? (caught.fields.active ?? caught.fields.reason ?? caught.message) : 'Something went wrong. Please try again.');
    }
  };

  return (
    <section aria-labelledby="access-heading" className="console-panel">
      <h2 id="access-heading">Access</h2>
      {done ? (
        <Notice tone="success" role="status">
          <p>{done}</p>
        </Notice>
      ) : null}
      <div className="console-actions">
        {member.active ? (
          <Button variant="secondary" onClick={() => setPending('deactivate')} disabled={self}>
            Deactivate
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setPending('reactivate')}>
            Reactivate
          </Button>
        )}
        <Button variant="secondary" onClick={() => setPending('reset')} disabled={member.passkeys === 0 && member.recovery_codes_left === 0}>
          Reset passkeys
        </Button>
      </div>
      {self ? <p className="console-hint">You cannot deactivate yourself; another administrator can.</p> : null}
      <ConfirmWithReason
        open={pending !== null}
        title={pending === 'reset' ? `Reset ${member.name}'s passkeys?` : pending === 'deactivate' ? `Deactivate ${member.name}?` : `Reactivate ${member.name}?`}
        confirmLabel={pending === 'reset' ? 'Reset passkeys' : pending === 'deactivate' ? 'Deactivate' : 'Reactivate'}
        busy={change.isPending || reset.isPending}
        error={error}
        onConfirm={(reason) => void confirm(reason)}
        onClose={() => {
          setPending(null);
          setError(null);
        }}
      >
        <p>
          {pending === 'reset'
            ? 'Their passkeys and recovery codes stop working and they are signed out. At their next sign-in they register a new passkey and get new recovery codes.'
            : pending === 'deactivate'
              ? 'They are signed out at once and cannot sign in until reactivated. Their name stays in the audit log.'
              : 'They can sign in again with their passkey.'}
        </p>
      </ConfirmWithReason>
    </section>
  );
}
