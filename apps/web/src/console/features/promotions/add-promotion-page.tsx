import { zodResolver } from '@hookform/resolvers/zod';
import { promotionFormSchema, promotionFormValues, type PromotionFormValues } from '@tours/domain/contracts/staff/promotion-form';
import type { AddPromotionInput } from '@tours/domain/contracts/staff/promotions';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { usePageHeading } from '../../app/use-page-title.ts';
import { PromotionFields } from './promotion-fields.tsx';
import { useAddPromotion } from './promotions-api.ts';

// One schema for the form and the API's check: the domain's form schema ends in the API's body schema.
const resolver = zodResolver(promotionFormSchema('add')) as unknown as Resolver<PromotionFormValues, unknown, AddPromotionInput>;

/** /admin/promotions/new: a new code, with the reason. */
export function AddPromotionPage() {
  const heading = usePageHeading('Add a promotional code');
  const navigate = useNavigate();
  const add = useAddPromotion();
  const form = useForm<PromotionFormValues, unknown, AddPromotionInput>({ resolver, defaultValues: promotionFormValues(null) });
  const { errors } = form.formState;
  const discountType = useWatch({ control: form.control, name: 'discount_type' });

  const submit = form.handleSubmit(async (values) => {
    try {
      const promotion = await add.mutateAsync(values);
      navigate(`/promotions/${promotion.id}`, { state: { added: true } });
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      const fields = Object.entries(error.fields);
      for (const [field, message] of fields) form.setError(field as keyof PromotionFormValues, { message });
      if (fields.length === 0) form.setError('root', { message: error.message });
    }
  });

  return (
    <>
      <p className="console-breadcrumb">
        <Link to="/promotions">Promotional codes</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        Add a promotional code
      </h1>
      <form className="console-form" onSubmit={submit} noValidate>
        {errors.root ? (
          <Notice tone="danger" role="alert">
            <p>{errors.root.message}</p>
          </Notice>
        ) : null}
        <TextField label="Code" hint="What customers type: letters, digits and hyphens, kept upper case. It cannot change later" autoComplete="off" required error={errors.code?.message} {...form.register('code')} />
        <PromotionFields register={form.register} errors={errors} discountType={discountType} />
        <div className="console-actions">
          <Button type="submit" busy={form.formState.isSubmitting}>
            Add the promotional code
          </Button>
          <Link to="/promotions">Cancel</Link>
        </div>
      </form>
    </>
  );
}
