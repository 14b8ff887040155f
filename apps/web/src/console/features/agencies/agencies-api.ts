import {
  addStaffAgency,
  addStaffAgencyMember,
  getStaffAgency,
  listStaffAgencies,
  updateStaffAgency,
  updateStaffAgencyMember,
  type AddAgencyInput,
  type AddAgencyStaffInput,
  type StaffAgencyPage,
  type UpdateAgencyInput,
  type UpdateAgencyStaffInput,
} from '@tours/domain/contracts/staff/agencies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../lib/staff-api.ts';

/** The travel agencies' calls (permission catalogue.edit), as TanStack Query reads and changes. */

export const agencyKeys = {
  all: ['staff', 'agencies'] as const,
  one: (id: number) => ['staff', 'agencies', id] as const,
};

export const useAgencies = () => useQuery({ queryKey: agencyKeys.all, queryFn: async ({ signal }) => (await staffCall(listStaffAgencies, { signal })).body.data.items });

/** One agency and its staff, with the agency's ETag its next change sends as If-Match. */
export const useAgency = (id: number) =>
  useQuery({
    queryKey: agencyKeys.one(id),
    queryFn: async ({ signal }) => {
      const { body, etag } = await staffCall(getStaffAgency, { params: { agency: id }, signal });
      return { agency: body.data, etag };
    },
  });

export function useAddAgency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddAgencyInput) => (await staffCall(addStaffAgency, { body })).body.data,
    onSuccess: () => client.invalidateQueries({ queryKey: agencyKeys.all, exact: true }),
  });
}

/** Every change answers the agency's page as it now is, with the agency's new ETag: kept as its data at once. */
export function useAgencyChanges(id: number) {
  const client = useQueryClient();
  const settle = (answer: { agency: StaffAgencyPage; etag: string | null }) => {
    client.setQueryData(agencyKeys.one(id), answer);
    return client.invalidateQueries({ queryKey: agencyKeys.all, exact: true });
  };
  return {
    change: useMutation({
      mutationFn: async (input: { body: UpdateAgencyInput; etag: string | null }) => {
        const { body, etag } = await staffCall(updateStaffAgency, { params: { agency: id }, body: input.body, ifMatch: input.etag });
        return { agency: body.data, etag };
      },
      onSuccess: settle,
    }),
    addStaff: useMutation({
      mutationFn: async (body: AddAgencyStaffInput) => {
        const answer = await staffCall(addStaffAgencyMember, { params: { agency: id }, body });
        return { agency: answer.body.data, etag: answer.etag };
      },
      onSuccess: settle,
    }),
    changeStaff: useMutation({
      mutationFn: async (input: { staffId: number; body: UpdateAgencyStaffInput; etag: string }) => {
        const answer = await staffCall(updateStaffAgencyMember, { params: { agency: id, staff: input.staffId }, body: input.body, ifMatch: input.etag });
        return { agency: answer.body.data, etag: answer.etag };
      },
      onSuccess: settle,
    }),
  };
}
