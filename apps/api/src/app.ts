import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseConnection } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { MODULES } from './modules/index.ts';
import { identityProviderPlugin } from './modules/identity-provider/index.ts';
import { paymentProviderPlugin, payProviderNotificationsPlugin } from './modules/payment-provider/index.ts';
import { adaptersPlugin, type Adapters } from './plugins/adapters.ts';
import { holdSweeperPlugin } from './modules/inventory/sweeper.ts';
import { reconciliationPlugin } from './modules/payments/reconciliation.ts';
import { devMailboxPlugin, mailRelayPlugin } from './modules/mail/index.ts';
import { faultsPlugin } from './modules/testing/faults.ts';
import { authPlugin } from './plugins/auth.ts';
import { bookingAuthPlugin } from './plugins/booking-auth.ts';
import { customerAuthPlugin } from './plugins/customer-auth.ts';
import type { KeySource } from './modules/customers/access-token.ts';
import { dbPlugin } from './plugins/db.ts';
import { envPlugin, loadConfig, type AppConfig, type RawEnv } from './plugins/env.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { headersPlugin } from './plugins/headers.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { API_PREFIX, webPlugin } from './plugins/web.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { rateLimitSweeperPlugin } from './lib/rate-limit.ts';

export interface BuildAppOptions {
  /** Checked settings; when absent they are read from `env`. */
  config?: AppConfig;
  /** Raw environment to read settings from; process.env when absent. */
  env?: RawEnv;
  /** Replacements for third-party adapters. */
  adapters?: Partial<Adapters>;
  /** An open database to use instead of opening one from the settings; it is closed with the app. */
  database?: DatabaseConnection;
  clock?: Clock;
  /** Where customer access tokens' signing keys come from, instead of the configured provider's (tests sign their own tokens). */
  customerTokenKeys?: KeySource;
}

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-booking-token"]'],
    // A download link's token is a credential for a few minutes; the log keeps it for far longer.
    serializers: { req: serializeRequest },
    ...(config.logFormat === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/**
 * The whole API as a Fastify instance: settings, error handling, adapters,
 * database (migrated and seeded), OpenAPI docs, every module under /api and
 * the built SPA at /. Not yet listening; server.ts listens, tests inject.
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig(options.env ?? process.env);
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('clock', options.clock ?? systemClock);

  try {
    await app.register(envPlugin, { config });
    await app.register(headersPlugin);
    await app.register(errorsPlugin);
    await app.register(authPlugin);
    await app.register(adaptersPlugin, { overrides: options.adapters });
    await app.register(dbPlugin, { connection: options.database });
    await app.register(customerAuthPlugin, { keys: options.customerTokenKeys });
    await app.register(bookingAuthPlugin);
    await app.register(holdSweeperPlugin);
    await app.register(reconciliationPlugin);
    await app.register(mailRelayPlugin);
    await app.register(rateLimitSweeperPlugin);
    await app.register(faultsPlugin);
    await app.register(swaggerPlugin);
    await app.register(
      async (api) => {
        for (const routes of MODULES) await api.register(routes);
      },
      { prefix: API_PREFIX },
    );
    if (config.payments.provider === 'sandbox') {
      await app.register(payProviderNotificationsPlugin);
      await app.register(paymentProviderPlugin, { prefix: '/pay' });
    }
    if (config.identity.provider === 'sandbox') await app.register(identityProviderPlugin, { prefix: '/idp' });
    if (config.mail.provider === 'sandbox') await app.register(devMailboxPlugin, { prefix: '/dev' });
    await app.register(webPlugin);
  } catch (error) {
    // Whatever opened before the failure (the database) is closed again.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
