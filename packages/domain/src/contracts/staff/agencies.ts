import { z } from 'zod/mini';
import { emailChecks } from '../../email-address.ts';
import { idSchema } from '../../input-values.ts';
import { staffReasonSchema } from '../../staff/reason.ts';
import { requiredText } from '../../validation.ts';
import { dataEnvelope, defineEndpoint, isoDateTimeSchema, itemsEnvelope } from '../common.ts';

/**
 * Travel agencies and their staff in the staff console (issue 27,
 * permission catalogue.edit): the agencies whose ID and staff e-mail the
 * site's agent modal verifies. A disabled agency or staff member is 'not
 * found' there at once, and a verification already given to them stops
 * working. Every change is audited with the reason, before and after; an
 * agency's and a staff member's version are their ETags.
 */

export const AGENCY_MESSAGES = {
  codeRequired: 'Enter the agency ID',
  codeFormat: 'Use 2 to 12 letters and digits, for example AG1001',
  codeTaken: 'An agency with this ID already exists.',
  nameRequired: 'Name is required',
  emailRequired: 'E-mail address is required',
  emailTaken: 'This agency already has a staff member with this e-mail address.',
  nothingToChange: 'Change the name or whether it is enabled',
  staffNothingToChange: 'Change the name, the e-mail address or whether they are enabled',
  staleAgency: 'Someone else changed this agency since you opened it. Reload to see their change, then try again.',
  staleStaff: 'Someone else changed this staff member since you opened the agency. Reload to see their change, then try again.',
  agencyNotFound: 'No agency has this id.',
  staffNotFound: 'This agency has no staff member with this id.',
} as const;

/** 'ag1001 ' is AG1001: the ID agents type, stored upper case. */
export const agencyCodeSchema = z.string({ error: AGENCY_MESSAGES.codeRequired }).check(
  z.trim(),
  z.toUpperCase(),
  z.minLength(1, { message: AGENCY_MESSAGES.codeRequired, abort: true }),
  z.regex(/^[A-Z0-9]{2,12}$/, AGENCY_MESSAGES.codeFormat),
);

const agencyNameSchema = requiredText(AGENCY_MESSAGES.nameRequired, 120);
const agentStaffNameSchema = requiredText(AGENCY_MESSAGES.nameRequired, 100);
/** Stored trimmed and lower case, as the verification looks it up. */
const agentStaffEmailSchema = z.string({ error: AGENCY_MESSAGES.emailRequired }).check(...emailChecks(AGENCY_MESSAGES.emailRequired), z.toLowerCase());

export const agencyStaffMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  version: z.number(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type AgencyStaffMember = z.infer<typeof agencyStaffMemberSchema>;

export const staffAgencySchema = z.object({
  id: z.number(),
  /** The Agent ID typed in the agent modal: 'AG1001'. Never changes. */
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Staff members, and how many of them are enabled. */
  staff_count: z.number(),
  active_staff_count: z.number(),
  version: z.number(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type StaffAgency = z.infer<typeof staffAgencySchema>;

export const staffAgencyPageSchema = z.object({ ...staffAgencySchema.shape, staff: z.array(agencyStaffMemberSchema) });
export type StaffAgencyPage = z.infer<typeof staffAgencyPageSchema>;

export const agencyEtag = (agency: Pick<StaffAgency, 'id' | 'version'>): string => `"agency-${agency.id}-v${agency.version}"`;
export const agencyStaffEtag = (staff: Pick<AgencyStaffMember, 'id' | 'version'>): string => `"agency-staff-${staff.id}-v${staff.version}"`;

export const agencyParamsSchema = z.object({ agency: idSchema });
export const agencyStaffParamsSchema = z.object({ agency: idSchema, staff: idSchema });

export const addAgencyBodySchema = z.object({ code: agencyCodeSchema, name: agencyNameSchema, reason: staffReasonSchema });
export type AddAgencyInput = z.input<typeof addAgencyBodySchema>;

export const updateAgencyBodySchema = z
  .object({ name: z.optional(agencyNameSchema), active: z.optional(z.boolean()), reason: staffReasonSchema })
  .check(z.refine((body) => body.name !== undefined || body.active !== undefined, { message: AGENCY_MESSAGES.nothingToChange, path: ['name'] }));
export type UpdateAgencyInput = z.input<typeof updateAgencyBodySchema>;

export const addAgencyStaffBodySchema = z.object({ name: agentStaffNameSchema, email: agentStaffEmailSchema, reason: staffReasonSchema });
export type AddAgencyStaffInput = z.input<typeof addAgencyStaffBodySchema>;

export const updateAgencyStaffBodySchema = z
  .object({ name: z.optional(agentStaffNameSchema), email: z.optional(agentStaffEmailSchema), active: z.optional(z.boolean()), reason: staffReasonSchema })
  .check(
    z.refine((body) => body.name !== undefined || body.email !== undefined || body.active !== undefined, { message: AGENCY_MESSAGES.staffNothingToChange, path: ['name'] }),
  );
export type UpdateAgencyStaffInput = z.input<typeof updateAgencyStaffBodySchema>;

export const listStaffAgencies = defineEndpoint({
  method: 'GET',
  path: '/staff/agencies',
  response: itemsEnvelope(staffAgencySchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Every travel agency with how many staff members it has, enabled ones first, by ID',
});

export const getStaffAgency = defineEndpoint({
  method: 'GET',
  path: '/staff/agencies/:agency',
  params: agencyParamsSchema,
  response: dataEnvelope(staffAgencyPageSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: "One agency with its staff members (each with its version), and the agency's version as the ETag to send back as If-Match",
});

export const addStaffAgency = defineEndpoint({
  method: 'POST',
  path: '/staff/agencies',
  body: addAgencyBodySchema,
  response: dataEnvelope(staffAgencyPageSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Adds a travel agency (its Agent ID, stored upper case, and name) with the reason; 409 with the field message when the ID is taken',
});

export const updateStaffAgency = defineEndpoint({
  method: 'PATCH',
  path: '/staff/agencies/:agency',
  params: agencyParamsSchema,
  body: updateAgencyBodySchema,
  response: dataEnvelope(staffAgencyPageSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary:
    "Renames an agency, or disables or enables it, with the reason; a disabled agency fails the agent verification at once. If-Match (the agency's ETag) required: 428 without it, 412 when someone changed it since",
});

export const addStaffAgencyMember = defineEndpoint({
  method: 'POST',
  path: '/staff/agencies/:agency/staff',
  params: agencyParamsSchema,
  body: addAgencyStaffBodySchema,
  response: dataEnvelope(staffAgencyPageSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: "Adds a staff member (name, e-mail) to an agency with the reason; 409 with the field message when the agency already has that e-mail address",
});

export const updateStaffAgencyMember = defineEndpoint({
  method: 'PATCH',
  path: '/staff/agencies/:agency/staff/:staff',
  params: agencyStaffParamsSchema,
  body: updateAgencyStaffBodySchema,
  response: dataEnvelope(staffAgencyPageSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary:
    "Changes an agency staff member's name or e-mail, or disables or enables them, with the reason; a disabled member fails the agent verification at once. If-Match (the staff member's ETag, from the agency's page) required",
});
