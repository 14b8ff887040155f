import { z } from 'zod/mini';
import { isoDateTimeSchema } from './common.ts';

/**
 * The records the site keeps for the visitor's session (the signed-in
 * customer and their address, the travel agent and staff member): in a file
 * of their own, importing nothing but common.ts, so the browser's shell can
 * check what it restores from storage without loading the account, booking
 * and agent contracts, which bring the forms' rules, the options and the
 * countries (issue 15's page weight). They are part of those contracts, and
 * on the barrel beside them.
 */

/** An address as stored; lenient, since profile addresses come from outside our forms. */
export const addressSchema = z.object({
  line_1: z.string(),
  line_2: z._default(z.string(), ''),
  line_3: z._default(z.string(), ''),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  /** ISO 3166 alpha-3. */
  country: z.string(),
});
export type AddressRecord = z.infer<typeof addressSchema>;

export const customerSchema = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  forename: z.string(),
  surname: z.string(),
  email: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const agentSchema = z.object({ ID: z.string(), Name: z.string() });
export type Agent = z.infer<typeof agentSchema>;

export const agentStaffSchema = z.object({ Id: z.number().check(z.int()), Name: z.string(), Email: z.string() });
export type AgentStaff = z.infer<typeof agentStaffSchema>;

/**
 * Proof that someone typed an agent's ID and one of its staff's e-mail
 * addresses: registering the agent and the staff member on a booking needs
 * it, so a booking names an agent only for someone who knew both.
 */
export const agentVerificationSchema = z.object({ token: z.string().check(z.minLength(1)), expires_at: isoDateTimeSchema });
export type AgentVerification = z.infer<typeof agentVerificationSchema>;
