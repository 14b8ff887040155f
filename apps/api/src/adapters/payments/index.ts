import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/index.ts';
import { createHttpPaymentGateway } from './http.ts';
import { injectFetch } from './inject-fetch.ts';
import { ownOrigins } from '../../lib/site-origin.ts';
import type { PaymentGateway, ProviderInBrowser } from './port.ts';

export type {
  GatewayPayer,
  GatewayPayment,
  GatewayRefund,
  GatewayTokenRequest,
  PaymentGateway,
  ProviderInBrowser,
} from './port.ts';
export { isRefusal, PaymentGatewayError } from './port.ts';
export { createHttpPaymentGateway, toRefund } from './http.ts';
export { injectFetch } from './inject-fetch.ts';

/**
 * The gateway the API uses. Always the HTTP adapter: with PAYMENT_PROVIDER=http
 * over the network to PAYMENT_PROVIDER_URL; with the sandbox mounted in this
 * app (no PAYMENT_PROVIDER_URL, or one on this server's own origins), through
 * `app.inject`, so the same HTTP API answers without a round trip through a
 * proxy or a port that tests never open, whatever address the site is reached
 * at. Browsers load the on-site sandbox from /pay on the origin they opened
 * the site at (`browserFor`), so the form works at localhost, 127.0.0.1 or a
 * LAN address alike.
 */
export function createPaymentGateway(
  config: AppConfig['payments'],
  app?: FastifyInstance,
  /** Calls the provider through this instead (app.ts: the test faults' failing transport when TEST_FAULTS is on). */
  wrapTransport?: (transport: typeof fetch) => typeof fetch,
): PaymentGateway {
  const inProcess = config.provider === 'sandbox' && app !== undefined && (config.onSite || ownOrigins(app.config).has(new URL(config.url).origin));
  const transport = inProcess ? injectFetch(app) : fetch;
  const gateway = createHttpPaymentGateway({
    url: config.url,
    secretKey: config.secretKey,
    timeoutMs: config.timeoutMs,
    fetch: wrapTransport ? wrapTransport(transport) : transport,
  });
  if (!config.onSite) return gateway;
  return { ...gateway, browserFor: (siteOrigin) => ({ scriptUrl: `${siteOrigin}/pay/sdk.js`, origin: siteOrigin }) };
}

/** Where a page on `siteOrigin` loads the provider's script from, and the origin its frame's messages come from. */
export function providerForBrowser(gateway: PaymentGateway, siteOrigin: string): ProviderInBrowser {
  return gateway.browserFor?.(siteOrigin) ?? { scriptUrl: gateway.scriptUrl, origin: gateway.origin };
}
