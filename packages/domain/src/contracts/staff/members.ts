import { z } from 'zod/mini';
import { STAFF_ROLES } from '../../staff/permissions.ts';
import { staffReasonSchema } from '../../staff/reason.ts';
import { requiredText } from '../../validation.ts';
import { dataEnvelope, defineEndpoint, isoDateTimeSchema, itemsEnvelope } from '../common.ts';
import { emailChecks } from '../../email-address.ts';
import { idSchema } from '../../input-values.ts';

/**
 * Staff members, managed by administrators (permission staff.manage). Every
 * change is audited with the reason typed, before and after. A member's
 * version is its ETag: a change sends it back as If-Match, so of two
 * administrators editing the same member the second save gets 412, not a
 * silent overwrite.
 */

export const STAFF_MEMBER_MESSAGES = {
  emailRequired: 'E-mail address is required',
  emailInvalid: 'Enter an e-mail address like name@example.com',
  nameRequired: 'Name is required',
  rolesRequired: 'Choose at least one role',
  rolesRepeated: 'Each role may be chosen once',
  nothingToChange: 'Change the name, the roles or whether the member is active',
} as const;

export const staffMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  active: z.boolean(),
  /** Passkeys registered; 0 means the member registers one at their next sign-in. */
  passkeys: z.number(),
  /** Recovery codes not used yet. */
  recovery_codes_left: z.number(),
  /** Goes up with every change; the member's ETag is made from it. */
  version: z.number(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** The domain's e-mail rule (email-address.ts), kept lower-case: staff_members.email is unique that way. */
export const staffEmailSchema = z.string({ error: STAFF_MEMBER_MESSAGES.emailRequired }).check(...emailChecks(STAFF_MEMBER_MESSAGES.emailRequired), z.toLowerCase());

export const staffRolesSchema = z.array(z.enum(STAFF_ROLES, { error: STAFF_MEMBER_MESSAGES.rolesRequired })).check(
  z.minLength(1, STAFF_MEMBER_MESSAGES.rolesRequired),
  z.refine((roles) => new Set(roles).size === roles.length, STAFF_MEMBER_MESSAGES.rolesRepeated),
);

export const staffMemberParamsSchema = z.object({ member: idSchema });

export const addStaffMemberBodySchema = z.object({
  email: staffEmailSchema,
  name: requiredText(STAFF_MEMBER_MESSAGES.nameRequired, 100),
  roles: staffRolesSchema,
  reason: staffReasonSchema,
});
export type AddStaffMemberInput = z.input<typeof addStaffMemberBodySchema>;

export const updateStaffMemberBodySchema = z
  .object({
    name: z.optional(requiredText(STAFF_MEMBER_MESSAGES.nameRequired, 100)),
    roles: z.optional(staffRolesSchema),
    active: z.optional(z.boolean()),
    reason: staffReasonSchema,
  })
  .check(
    z.refine((body) => body.name !== undefined || body.roles !== undefined || body.active !== undefined, {
      message: STAFF_MEMBER_MESSAGES.nothingToChange,
      path: ['roles'],
    }),
  );
export type UpdateStaffMemberInput = z.input<typeof updateStaffMemberBodySchema>;

/** The ETag of a member at a version: the same member and version always make the same tag, on every replica. */
export const staffMemberEtag = (member: Pick<StaffMember, 'id' | 'version'>): string => `"staff-member-${member.id}-v${member.version}"`;

export const listStaffMembers = defineEndpoint({
  method: 'GET',
  path: '/staff/members',
  response: itemsEnvelope(staffMemberSchema),
  auth: 'staff',
  permission: 'staff.manage',
  summary: 'Every staff member, active ones first, by name',
});

export const getStaffMember = defineEndpoint({
  method: 'GET',
  path: '/staff/members/:member',
  params: staffMemberParamsSchema,
  response: dataEnvelope(staffMemberSchema),
  auth: 'staff',
  permission: 'staff.manage',
  summary: 'One staff member, with its version as the ETag to send back as If-Match when changing it',
});

export const addStaffMember = defineEndpoint({
  method: 'POST',
  path: '/staff/members',
  body: addStaffMemberBodySchema,
  response: dataEnvelope(staffMemberSchema),
  auth: 'staff',
  permission: 'staff.manage',
  summary: 'Adds a staff member (e-mail, name, roles) with the reason; they register a passkey at their first sign-in. 409 when the e-mail is taken',
});

export const updateStaffMember = defineEndpoint({
  method: 'PATCH',
  path: '/staff/members/:member',
  params: staffMemberParamsSchema,
  body: updateStaffMemberBodySchema,
  response: dataEnvelope(staffMemberSchema),
  auth: 'staff',
  permission: 'staff.manage',
  summary:
    "Changes a member's name, roles or active state with the reason; If-Match (the member's ETag) is required: 428 without it, 412 when someone changed the member since. Deactivating ends their sessions. Nobody removes their own admin role or deactivates themselves",
});

export const resetStaffPasskeys = defineEndpoint({
  method: 'POST',
  path: '/staff/members/:member/passkeys/reset',
  params: staffMemberParamsSchema,
  body: z.object({ reason: staffReasonSchema }),
  response: dataEnvelope(staffMemberSchema),
  auth: 'staff',
  permission: 'staff.manage',
  summary:
    "Removes a member's passkeys and recovery codes and ends their sessions: they register a new passkey, with new recovery codes, at their next sign-in. If-Match required as for a change",
});
