import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

/** The sandbox provider's default key; documented, so never a secret: a real provider needs its own (`requires` below). */
export const SANDBOX_PAYMENT_SECRET_KEY = 'sk_sandbox_meridian_0000000000000000';
/** The sandbox provider's default notification signing secret; as public as the key above. */
export const SANDBOX_PAYMENT_WEBHOOK_SECRET = 'whsec_sandbox_meridian_000000000000';

const secret = z.string().min(16, 'Use at least 16 characters');
const httpUrl = z.url({ protocol: /^https?$/ });

export const payments = defineSlice({
  title: 'Card payments',
  summary: 'The card payment provider: where the card form comes from, and how our API and the provider trust each other.',
  settings: {
    payments: {
      provider: setting(
        'PAYMENT_PROVIDER',
        z.enum(['sandbox', 'http']).default('sandbox'),
        '`sandbox`: the built-in card provider is served at `/pay` (test cards only, see `src/modules/payment-provider/README.md`) and used; `http`: a provider elsewhere speaking the same server API',
      ),
      url: setting(
        'PAYMENT_PROVIDER_URL',
        httpUrl.optional(),
        "The provider's base URL: the browser loads `…/sdk.js` from it and our API calls `…/api/tokens` and `…/api/payments/{id}`. Unset in sandbox mode, browsers load the sandbox from `/pay` on the origin they opened the site at; the API always reaches an in-app sandbox in-process",
        { shownDefault: "unset: `/pay` on the site's origin" },
      ),
      secretKey: setting(
        'PAYMENT_SECRET_KEY',
        secret.default(SANDBOX_PAYMENT_SECRET_KEY),
        "Secret key our API sends as `Authorization: Bearer` to the provider's server API, and the key the sandbox checks",
      ),
      timeoutMs: setting(
        'PAYMENT_PROVIDER_TIMEOUT_MS',
        z.coerce.number().int().min(100).max(60_000).default(10_000),
        "How long a call to the card provider's server API may take before it counts as failed: the visitor gets 502 and the provider's notification and reconciliation settle the payment later",
      ),
      tokenTtlSeconds: setting(
        'PAYMENT_TOKEN_TTL_SECONDS',
        z.coerce.number().int().min(30).max(86_400).default(900),
        "Lifetime of a payment token (one opened card form); the sandbox closes the form with 'Expired request' after it",
      ),
      webhookSecret: setting(
        'PAYMENT_WEBHOOK_SECRET',
        secret.default(SANDBOX_PAYMENT_WEBHOOK_SECRET),
        'The provider signs its notifications (`POST /api/payments/notifications`) with this secret (HMAC-SHA256) and we verify them with it',
      ),
      webhookUrl: setting(
        'PAYMENT_WEBHOOK_URL',
        httpUrl.optional(),
        "Sandbox provider: where it sends its notifications (a real provider is told this in its dashboard). Unset, this server's own `/api/payments/notifications`, reached in-process",
        { shownDefault: 'unset: this server, in-process' },
      ),
    },
  },
  // The sandbox's key and secret are public (they are in the README): fine for a sandbox that only takes test cards, never for a real provider.
  requires: { PAYMENT_PROVIDER: { http: ['PAYMENT_PROVIDER_URL', 'PAYMENT_SECRET_KEY', 'PAYMENT_WEBHOOK_SECRET'] } },
  derive: ({ payments: settings }, { publicUrl, internalUrl }) => {
    // Server-to-server defaults: the sandbox and its webhook are this app, which calls itself in-process (app.inject), so any of its addresses will do.
    const selfUrl = publicUrl ?? internalUrl;
    return {
      payments: {
        ...settings,
        /** Base URL of the provider, no trailing slash: `${url}/sdk.js`, `${url}/api/tokens`. */
        url: (settings.url ?? `${selfUrl}/pay`).replace(/\/+$/, ''),
        /** The sandbox mounted in this app with no PAYMENT_PROVIDER_URL: browsers load it from /pay on whatever origin they opened the site at. */
        onSite: settings.provider === 'sandbox' && settings.url === undefined,
        webhookUrl: settings.webhookUrl ?? `${selfUrl}/api/payments/notifications`,
      },
    };
  },
});
