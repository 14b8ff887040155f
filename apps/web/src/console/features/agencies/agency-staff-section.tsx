import { zodResolver } from '@hookform/resolvers/zod';
import {
  addAgencyStaffBodySchema,
  agencyStaffEtag,
  updateAgencyStaffBodySchema,
  type AddAgencyStaffInput,
  type AgencyStaffMember,
  type StaffAgencyPage,
  type UpdateAgencyStaffInput,
} from '@tours/domain/contracts/staff/agencies';
import { useState } from 'react';
import { useForm, type Resolver, type UseFormSetError } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { ConfirmWithReason } from '../../components/confirm-with-reason.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import { useAgencyChanges } from './agencies-api.ts';

type StaffValues = { name: string; email: string; reason: string };
const addResolver = zodResolver(addAgencyStaffBodySchema) as unknown as Resolver<StaffValues, unknown, AddAgencyStaffInput>;
const editResolver = zodResolver(updateAgencyStaffBodySchema) as unknown as Resolver<StaffValues, unknown, UpdateAgencyStaffInput>;

/** An agency's staff: who may verify with its Agent ID; each changed with their own version (If-Match) and a reason. */
export function AgencyStaffSection({ agency, onReload }: { agency: StaffAgencyPage; onReload: () => void }) {
  const { changeStaff } = useAgencyChanges(agency.id);
  const [editing, setEditing] = useState<AgencyStaffMember | null>(null);
  const [toggling, setToggling] = useState<AgencyStaffMember | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const toggle = async (reason: string) => {
    if (!toggling) return;
    setError(null);
    try {
      await changeStaff.mutateAsync({ staffId: toggling.id, body: { active: !toggling.active, reason }, etag: agencyStaffEtag(toggling) });
      setDone(toggling.active ? `${toggling.name} is disabled and can no longer verify.` : `${toggling.name} can verify again.`);
      setToggling(null);
    } catch (caught) {
      if (isApiRequestError(caught) && caught.code === 'PRECONDITION_FAILED') {
        setToggling(null);
        return setStale(caught.message);
      }
      setError(isApiRequestError(caught) ? (caught.fields.reason ?? caught.message) : 'Something went wrong. Please try again.');
    }
  };

  return (
    <section aria-labelledby="agency-staff-heading" className="console-panel">
      <h2 id="agency-staff-heading">Staff</h2>
      {done ? (
        <Notice tone="success" role="status">
          <p>{done}</p>
        </Notice>
      ) : null}
      <StaleNotice message={stale} reloadLabel="Reload the agency" onReload={onReload} />
      {agency.staff.length === 0 ? (
        <p className="console-hint">No staff yet: nobody can verify with {agency.code} until one is added.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Staff of {agency.name}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {agency.staff.map((member) => (
                <tr key={member.id}>
                  <td>{member.name}</td>
                  <td>{member.email}</td>
                  <td>{member.active ? 'Enabled' : 'Disabled'}</td>
                  <td>
                    <div className="console-actions">
                      <Button variant="secondary" onClick={() => setEditing(member)} aria-label={`Edit ${member.name}`}>
                        Edit
                      </Button>
                      <Button variant="secondary" onClick={() => setToggling(member)} aria-label={`${member.active ? 'Disable' : 'Enable'} ${member.name}`}>
                        {member.active ? 'Disable' : 'Enable'}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddStaffForm agencyId={agency.id} />
      {editing ? <EditStaffDialog agencyId={agency.id} member={editing} onClose={() => setEditing(null)} onStale={setStale} /> : null}
      <ConfirmWithReason
        open={toggling !== null}
        title={toggling?.active ? `Disable ${toggling.name}?` : `Enable ${toggling?.name ?? ''}?`}
        confirmLabel={toggling?.active ? 'Disable' : 'Enable'}
        busy={changeStaff.isPending}
        error={error}
        onConfirm={(reason) => void toggle(reason)}
        onClose={() => {
          setToggling(null);
          setError(null);
        }}
      >
        <p>{toggling?.active ? 'They fail the agent verification at once, and a verification already given stops working.' : 'They can verify with the Agent ID and their e-mail address again.'}</p>
      </ConfirmWithReason>
    </section>
  );
}

/** Puts the server's field messages on the form's fields, or its message on the form. */
function showRefusal(setError: UseFormSetError<StaffValues>, error: unknown) {
  if (!isApiRequestError(error)) throw error;
  const fields = Object.entries(error.fields) as [keyof StaffValues, string][];
  for (const [field, message] of fields) setError(field, { message });
  if (fields.length === 0) setError('root', { message: error.message });
}

function AddStaffForm({ agencyId }: { agencyId: number }) {
  const { addStaff } = useAgencyChanges(agencyId);
  const [added, setAdded] = useState<string | null>(null);
  const form = useForm<StaffValues, unknown, AddAgencyStaffInput>({ resolver: addResolver, defaultValues: { name: '', email: '', reason: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setAdded(null);
    try {
      await addStaff.mutateAsync(values);
      setAdded(`${values.name} is added and can verify with the agency's ID and ${values.email}.`);
      form.reset();
    } catch (error) {
      showRefusal(form.setError, error);
    }
  });
  return (
    <form className="console-form" onSubmit={submit} noValidate aria-labelledby="add-agency-staff-heading">
      <h3 id="add-agency-staff-heading">Add a staff member</h3>
      {added ? (
        <Notice tone="success" role="status">
          <p>{added}</p>
        </Notice>
      ) : null}
      {errors.root ? (
        <Notice tone="danger" role="alert">
          <p>{errors.root.message}</p>
        </Notice>
      ) : null}
      <div className="console-field-row">
        <TextField label="Name" required autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <TextField label="E-mail address" hint="They type it on the site to verify" type="email" autoComplete="off" required error={errors.email?.message} {...form.register('email')} />
      </div>
      <TextAreaField label="Reason" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
      <Button type="submit" busy={form.formState.isSubmitting}>
        Add the staff member
      </Button>
    </form>
  );
}

function EditStaffDialog({ agencyId, member, onClose, onStale }: { agencyId: number; member: AgencyStaffMember; onClose: () => void; onStale: (message: string) => void }) {
  const { changeStaff } = useAgencyChanges(agencyId);
  const form = useForm<StaffValues, unknown, UpdateAgencyStaffInput>({ resolver: editResolver, defaultValues: { name: member.name, email: member.email, reason: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await changeStaff.mutateAsync({ staffId: member.id, body: values, etag: agencyStaffEtag(member) });
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.code === 'PRECONDITION_FAILED') {
        onClose();
        return onStale(error.message);
      }
      showRefusal(form.setError, error);
    }
  });
  return (
    <Modal open onClose={onClose} title={`Edit ${member.name}`} locked={form.formState.isSubmitting}>
      <form className="console-form" onSubmit={submit} noValidate>
        {errors.root ? (
          <Notice tone="danger" role="alert">
            <p>{errors.root.message}</p>
          </Notice>
        ) : null}
        <TextField label="Name" required autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <TextField label="E-mail address" type="email" autoComplete="off" required error={errors.email?.message} {...form.register('email')} />
        <TextAreaField label="Reason for the change" hint="Kept in the audit log with your name" required rows={2} error={errors.reason?.message} {...form.register('reason')} />
        <div className="console-actions">
          <Button type="submit" busy={form.formState.isSubmitting}>
            Save
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
