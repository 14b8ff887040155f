import { createGeolocation, type GeolocationPort } from '../adapters/geolocation/index.ts';
import { createMail, type MailPort } from '../adapters/mail/index.ts';
import { createPaymentGateway, type PaymentGateway } from '../adapters/payments/index.ts';
import { createPostcodes, type PostcodePort } from '../adapters/postcodes/index.ts';
import { sharedPlugin } from '../lib/plugin.ts';

/** Every third party the API talks to, each behind its port: sandbox by default, real by configuration. */
export interface Adapters {
  geolocation: GeolocationPort;
  postcodes: PostcodePort;
  payments: PaymentGateway;
  mail: MailPort;
}

declare module 'fastify' {
  interface FastifyInstance {
    adapters: Adapters;
  }
}

export interface AdaptersOptions {
  overrides?: Partial<Adapters>;
  /** What the card provider's server API is called through, when not plain fetch (app.ts: test faults). */
  paymentTransport?: (transport: typeof fetch) => typeof fetch;
}

export const adaptersPlugin = sharedPlugin('adapters', async (app, options: AdaptersOptions) => {
  const adapters: Adapters = {
    geolocation: options.overrides?.geolocation ?? createGeolocation(app.config.geolocation),
    postcodes: options.overrides?.postcodes ?? createPostcodes(app.config.postcodes),
    payments: options.overrides?.payments ?? createPaymentGateway(app.config.payments, app, options.paymentTransport),
    mail: options.overrides?.mail ?? createMail(app.config.mail),
  };
  app.decorate('adapters', adapters);
  app.addHook('onClose', async () => {
    await adapters.mail.close();
  });
});
