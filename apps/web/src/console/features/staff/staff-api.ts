import {
  addStaffMember,
  getStaffMember,
  listStaffMembers,
  resetStaffPasskeys,
  updateStaffMember,
  type AddStaffMemberInput,
  type UpdateStaffMemberInput,
} from '@tours/domain/contracts/staff/members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../lib/staff-api.ts';

/** The staff members' calls (permission staff.manage), as TanStack Query reads and changes. */

export const staffKeys = {
  all: ['staff', 'members'] as const,
  member: (id: number) => ['staff', 'members', id] as const,
};

export const useStaffMembers = () =>
  useQuery({ queryKey: staffKeys.all, queryFn: async ({ signal }) => (await staffCall(listStaffMembers, { signal })).body.data.items });

/** One member with the ETag its next change sends as If-Match. */
export const useStaffMember = (id: number) =>
  useQuery({
    queryKey: staffKeys.member(id),
    queryFn: async ({ signal }) => {
      const { body, etag } = await staffCall(getStaffMember, { params: { member: id }, signal });
      return { member: body.data, etag };
    },
  });

export function useAddStaffMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddStaffMemberInput) => (await staffCall(addStaffMember, { body })).body.data,
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

/** Changes and resets answer the member as it now is, with its new ETag: kept as the member's data at once. */
export function useChangeStaffMember(id: number) {
  const client = useQueryClient();
  const settle = (answer: { member: Awaited<ReturnType<typeof changeMember>>['member']; etag: string | null }) => {
    client.setQueryData(staffKeys.member(id), answer);
    return client.invalidateQueries({ queryKey: staffKeys.all, exact: true });
  };
  return {
    change: useMutation({ mutationFn: (input: { body: UpdateStaffMemberInput; etag: string | null }) => changeMember(id, input), onSuccess: settle }),
    reset: useMutation({
      mutationFn: async (input: { reason: string; etag: string | null }) => {
        const { body, etag } = await staffCall(resetStaffPasskeys, { params: { member: id }, body: { reason: input.reason }, ifMatch: input.etag });
        return { member: body.data, etag };
      },
      onSuccess: settle,
    }),
  };
}

async function changeMember(id: number, input: { body: UpdateStaffMemberInput; etag: string | null }) {
  const { body, etag } = await staffCall(updateStaffMember, { params: { member: id }, body: input.body, ifMatch: input.etag });
  return { member: body.data, etag };
}
