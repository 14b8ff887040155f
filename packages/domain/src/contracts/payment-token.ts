import { z } from 'zod/mini';
import { isoDateTimeSchema } from './common.ts';

/*
 * Apart from payments.ts: the booking flow keeps an opened payment in its
 * store from step 1 on, and needs this schema alone to restore it, not the
 * payment calls' contracts (issue 15's page weight).
 */

/**
 * An opened card payment: the token for the provider's inline form, and where
 * that form comes from. The API decides the provider (sandbox or real), so the
 * browser learns it here instead of hard-coding it:
 * - `script_url`: the provider's browser script to load with a `<script src>`
 *   before mounting the form with the token (the sandbox's is `/pay/sdk.js`,
 *   defining `SandboxPay.mount(container, { token, onMessage })`);
 * - `origin`: the provider's origin; the form's messages come from it (check
 *   `event.origin`), and the page's CSP must allow it in script-src and frame-src;
 * - `expires_at`: when the form stops taking payments and closes with
 *   'Expired request'.
 */
export const paymentTokenSchema = z.object({
  token: z.string().check(z.minLength(1)),
  script_url: z.url(),
  origin: z.url(),
  expires_at: isoDateTimeSchema,
});
export type PaymentToken = z.infer<typeof paymentTokenSchema>;
