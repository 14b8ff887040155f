import { zodResolver } from '@hookform/resolvers/zod';
import { promotionFormSchema, promotionFormValues, type PromotionFormValues } from '@tours/domain/contracts/staff/promotion-form';
import type { StaffPromotion, UpdatePromotionInput } from '@tours/domain/contracts/staff/promotions';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { usePageHeading } from '../../app/use-page-title.ts';
import { ConfirmWithReason } from '../../components/confirm-with-reason.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import { discountText, PromotionFields, usageText } from './promotion-fields.tsx';
import { useChangePromotion, useDeletePromotion, usePromotion } from './promotions-api.ts';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/promotions/:promotion: one code, its usage, its terms form, and deactivating or deleting it with a reason. */
export function PromotionPage() {
  const id = Number(useParams().promotion);
  const query = usePromotion(id);
  const heading = usePageHeading(query.data ? `Promotional code ${query.data.promotion.code}` : 'Promotional code');
  if (query.isPending) return <Spinner label="Loading the promotional code" />;
  if (query.isError) {
    return (
      <Notice tone="danger" role="alert">
        <p>{query.error.message}</p>
      </Notice>
    );
  }
  const { promotion, etag } = query.data;
  const reload = () => void query.refetch();
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="/promotions">Promotional codes</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        Promotional code {promotion.code}
      </h1>
      <PromotionFacts promotion={promotion} />
      {/* Keyed by version: the form starts again from what the code now is after every change. */}
      <PromotionForm key={promotion.version} promotion={promotion} etag={etag} onReload={reload} />
      <PromotionActions promotion={promotion} etag={etag} onReload={reload} />
    </>
  );
}

function PromotionFacts({ promotion }: { promotion: StaffPromotion }) {
  const added = (useLocation().state as { added?: boolean } | null)?.added === true;
  return (
    <>
      {added ? (
        <Notice tone="success" role="status">
          <p>{promotion.code} is added. Customers can use it from {promotion.valid_from}.</p>
        </Notice>
      ) : null}
      <dl className="console-facts">
        <dt>Status</dt>
        <dd>{promotion.active ? 'Active' : 'Deactivated: customers cannot use it'}</dd>
        <dt>Discount</dt>
        <dd>{discountText(promotion)}</dd>
        <dt>Used</dt>
        <dd>
          {usageText(promotion)}
          {promotion.max_uses_per_customer === null ? '' : `, at most ${promotion.max_uses_per_customer} per customer`}
        </dd>
        <dt>On bookings</dt>
        <dd>{promotion.on_bookings === 0 ? 'None: it can be deleted' : `${promotion.on_bookings}, counting lapsed quotes and cancelled bookings`}</dd>
        <dt>Added</dt>
        <dd>{dateTime(promotion.created_at)}</dd>
        <dt>Last changed</dt>
        <dd>{dateTime(promotion.updated_at)}</dd>
      </dl>
    </>
  );
}

type EditInput = Omit<UpdatePromotionInput, 'active'>;
const resolver = zodResolver(promotionFormSchema('edit')) as unknown as Resolver<PromotionFormValues, unknown, EditInput>;

function PromotionForm({ promotion, etag, onReload }: { promotion: StaffPromotion; etag: string | null; onReload: () => void }) {
  const change = useChangePromotion(promotion.id);
  const [saved, setSaved] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const form = useForm<PromotionFormValues, unknown, EditInput>({ resolver, defaultValues: promotionFormValues(promotion) });
  const { errors } = form.formState;
  const discountType = useWatch({ control: form.control, name: 'discount_type' });

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    setStale(null);
    try {
      await change.mutateAsync({ body: values, etag });
      setSaved(true);
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      if (error.code === 'PRECONDITION_FAILED') return setStale(error.message);
      const fields = Object.entries(error.fields);
      for (const [field, message] of fields) form.setError(field as keyof PromotionFormValues, { message });
      if (fields.length === 0) form.setError('root', { message: error.message });
    }
  });

  return (
    <section aria-labelledby="terms-heading" className="console-panel">
      <h2 id="terms-heading">Terms</h2>
      <form className="console-form" onSubmit={submit} noValidate>
        {saved ? (
          <Notice tone="success" role="status">
            <p>The changes are saved.</p>
          </Notice>
        ) : null}
        <StaleNotice message={stale} reloadLabel="Reload the code" onReload={onReload} />
        {errors.root ? (
          <Notice tone="danger" role="alert">
            <p>{errors.root.message}</p>
          </Notice>
        ) : null}
        <PromotionFields register={form.register} errors={errors} discountType={discountType} />
        <Button type="submit" busy={form.formState.isSubmitting}>
          Save the changes
        </Button>
      </form>
    </section>
  );
}

type Pending = 'deactivate' | 'reactivate' | 'delete' | null;

function PromotionActions({ promotion, etag, onReload }: { promotion: StaffPromotion; etag: string | null; onReload: () => void }) {
  const change = useChangePromotion(promotion.id);
  const remove = useDeletePromotion(promotion.id);
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirm = async (reason: string) => {
    setError(null);
    try {
      if (pending === 'delete') {
        await remove.mutateAsync({ reason, etag });
        navigate('/promotions', { replace: true });
        return;
      }
      await change.mutateAsync({ body: { active: pending === 'reactivate', reason }, etag });
      setDone(pending === 'deactivate' ? `${promotion.code} is deactivated: customers can no longer use it.` : `${promotion.code} can be used again.`);
      setPending(null);
    } catch (caught) {
      if (isApiRequestError(caught) && caught.code === 'PRECONDITION_FAILED') {
        setPending(null);
        return setStale(caught.message);
      }
      setError(isApiRequestError(caught) ? (caught.fields.reason ?? caught.message) : 'Something went wrong. Please try again.');
    }
  };

  return (
    <section aria-labelledby="status-heading" className="console-panel">
      <h2 id="status-heading">Status</h2>
      {done ? (
        <Notice tone="success" role="status">
          <p>{done}</p>
        </Notice>
      ) : null}
      <StaleNotice message={stale} reloadLabel="Reload the code" onReload={onReload} />
      <div className="console-actions">
        <Button variant="secondary" onClick={() => setPending(promotion.active ? 'deactivate' : 'reactivate')}>
          {promotion.active ? 'Deactivate' : 'Reactivate'}
        </Button>
        <Button variant="secondary" onClick={() => setPending('delete')} disabled={promotion.on_bookings > 0}>
          Delete
        </Button>
      </div>
      {promotion.on_bookings > 0 ? <p className="console-hint">A code on bookings cannot be deleted; deactivate it instead.</p> : null}
      <ConfirmWithReason
        open={pending !== null}
        title={pending === 'delete' ? `Delete ${promotion.code}?` : pending === 'deactivate' ? `Deactivate ${promotion.code}?` : `Reactivate ${promotion.code}?`}
        confirmLabel={pending === 'delete' ? 'Delete' : pending === 'deactivate' ? 'Deactivate' : 'Reactivate'}
        busy={change.isPending || remove.isPending}
        error={error}
        onConfirm={(reason) => void confirm(reason)}
        onClose={() => {
          setPending(null);
          setError(null);
        }}
      >
        <p>
          {pending === 'delete'
            ? 'The code goes for good. The audit log keeps what it was.'
            : pending === 'deactivate'
              ? 'Customers can no longer apply it. Bookings that already have it keep their discount.'
              : 'Customers can apply it again within its dates and limits.'}
        </p>
      </ConfirmWithReason>
    </section>
  );
}
