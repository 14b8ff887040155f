import {
  addStaffPromotion,
  deleteStaffPromotion,
  getStaffPromotion,
  listStaffPromotions,
  updateStaffPromotion,
  type AddPromotionInput,
  type StaffPromotion,
  type UpdatePromotionInput,
} from '@tours/domain/contracts/staff/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../lib/staff-api.ts';

/** The promotional codes' calls (permission catalogue.edit), as TanStack Query reads and changes. */

export const promotionKeys = {
  all: ['staff', 'promotions'] as const,
  one: (id: number) => ['staff', 'promotions', id] as const,
};

export const usePromotions = () =>
  useQuery({ queryKey: promotionKeys.all, queryFn: async ({ signal }) => (await staffCall(listStaffPromotions, { signal })).body.data.items });

/** One code with the ETag its next change sends as If-Match. */
export const usePromotion = (id: number) =>
  useQuery({
    queryKey: promotionKeys.one(id),
    queryFn: async ({ signal }) => {
      const { body, etag } = await staffCall(getStaffPromotion, { params: { promotion: id }, signal });
      return { promotion: body.data, etag };
    },
  });

export function useAddPromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddPromotionInput) => (await staffCall(addStaffPromotion, { body })).body.data,
    onSuccess: () => client.invalidateQueries({ queryKey: promotionKeys.all, exact: true }),
  });
}

/** A change answers the code as it now is, with its new ETag: kept as the code's data at once. */
export function useChangePromotion(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { body: UpdatePromotionInput; etag: string | null }) => {
      const { body, etag } = await staffCall(updateStaffPromotion, { params: { promotion: id }, body: input.body, ifMatch: input.etag });
      return { promotion: body.data as StaffPromotion, etag };
    },
    onSuccess: (answer) => {
      client.setQueryData(promotionKeys.one(id), answer);
      return client.invalidateQueries({ queryKey: promotionKeys.all, exact: true });
    },
  });
}

export function useDeletePromotion(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { reason: string; etag: string | null }) => staffCall(deleteStaffPromotion, { params: { promotion: id }, body: { reason: input.reason }, ifMatch: input.etag }),
    onSuccess: () => {
      client.removeQueries({ queryKey: promotionKeys.one(id) });
      return client.invalidateQueries({ queryKey: promotionKeys.all, exact: true });
    },
  });
}
