import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseConnection } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { MODULES } from './modules/index.ts';
import { identityProviderPlugin } from './modules/identity-provider/index.ts';
import { paymentProviderPlugin, payProviderNotificationsPlugin } from './modules/payment-provider/index.ts';
import { adaptersPlugin, type Adapters } from './plugins/adapters.ts';
import { holdSweeperPlugin } from './modules/inventory/index.ts';
import { reconciliationPlugin } from './modules/confirmation/index.ts';
import { devMailboxPlugin, mailRelayPlugin } from './modules/mail/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { bookingAuthPlugin } from './plugins/booking-auth.ts';
import { customerAuthPlugin } from './plugins/customer-auth.ts';
import { staffAuthPlugin } from './plugins/staff-auth.ts';
import type { KeySource } from './modules/customers/index.ts';
import { dbPlugin } from './plugins/db.ts';
import { loadConfig, type AppConfig, type RawEnv } from './config/index.ts';
import { NO_FAULTS } from './lib/fault-points.ts';
import { envPlugin } from './plugins/env.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { headersPlugin } from './plugins/headers.ts';
import { readCachePlugin } from './plugins/read-cache.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { API_PREFIX, webPlugin } from './plugins/web.ts';
import { consolePlugin } from './plugins/console.ts';
import { serializeError, serializeRequest } from './lib/log-redaction.ts';
import { rateLimitSweeperPlugin } from './modules/rate-limits/index.ts';
import { exportLinesPlugin } from './modules/staff-bookings/index.ts';
import { remindersPlugin } from './modules/reminders/index.ts';
import { fileStoragePlugin, type FileStorage } from './modules/file-storage/index.ts';

/** Where pino writes each log line (JSON text). */
export interface LogStream {
  write(line: string): void;
}

export interface BuildAppOptions {
  /** Checked settings; when absent they are read from `env`. */
  config?: AppConfig;
  /** Raw environment to read settings from; process.env when absent. */
  env?: RawEnv;
  /** Replacements for third-party adapters. */
  adapters?: Partial<Adapters>;
  /** Where uploaded files go instead of FILE_STORAGE's store (tests). */
  fileStorage?: FileStorage;
  /** An open database to use instead of opening one from the settings; it is closed with the app. */
  database?: DatabaseConnection;
  clock?: Clock;
  /** Where customer access tokens' signing keys come from, instead of the configured provider's (tests sign their own tokens). */
  customerTokenKeys?: KeySource;
  /** Where log lines go instead of stdout (tests read what production would log). */
  logStream?: LogStream;
}

/**
 * The largest request body any call takes. The biggest legitimate one (two
 * participants with every field at its longest, in three-byte characters) is
 * 11 KB (test/request-limits.test.ts measures it); the limit leaves room for
 * clients we have not met, and a client cannot make the server buffer more.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

export function loggerOptions(config: AppConfig, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-booking-token"]'],
    // The log outlives every credential and is read by more people than the customers in it (lib/log-redaction.ts).
    serializers: { req: serializeRequest, err: serializeError },
    ...(stream
      ? { stream }
      : config.logFormat === 'pretty'
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
        : {}),
  };
}

/**
 * One line per request, when its answer has gone: method, redacted URL (the
 * req serializer), status and time, under the request id pino's child logger
 * already carries. Half the lines of Fastify's 'incoming request' and
 * 'request completed' pair, and the one that says how it ended.
 */
function logRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // As it arrived: a mounted handler may rewrite raw.url (the identity provider strips /idp).
    const req = { method: request.method, url: request.url, host: request.host, ip: request.ip, socket: request.socket };
    // The raw response's close, not onResponse: replies a route writes itself (the identity provider's) end there too.
    reply.raw.once('close', () => {
      const aborted = !reply.raw.writableFinished;
      request.log.info(
        { req, res: { statusCode: reply.raw.statusCode }, responseTime: Math.round(reply.elapsedTime * 10) / 10, ...(aborted ? { aborted } : {}) },
        'request completed',
      );
    });
    done();
  });
}

/**
 * The whole API as a Fastify instance: settings, error handling, adapters,
 * database (migrated and seeded), OpenAPI docs, every module under /api and
 * the built SPA at /. Not yet listening; server.ts listens, tests inject.
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig(options.env);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // One line a request, written when it completes (logRequests below), instead of Fastify's two.
    disableRequestLogging: true,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Errors before routing (a path that is not valid percent-encoding) answer in the error envelope too.
    frameworkErrors,
  });
  logRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('clock', options.clock ?? systemClock);

  // Test code is loaded only when asked for (TEST_FAULTS, which production refuses); otherwise no fault point ever fails.
  const testing = config.testFaults ? await import('./modules/testing/index.ts') : null;

  try {
    await app.register(envPlugin, { config });
    await app.register(headersPlugin);
    await app.register(readCachePlugin);
    await app.register(errorsPlugin);
    await app.register(authPlugin);
    await app.register(adaptersPlugin, {
      overrides: options.adapters,
      // With test faults, a test can fail the next calls to the card provider (POST /api/testing/faults).
      paymentTransport: testing ? (transport) => testing.faultyFetch(transport, () => app.faults.takeProviderFault()) : undefined,
    });
    await app.register(dbPlugin, { connection: options.database });
    await app.register(fileStoragePlugin, { storage: options.fileStorage });
    await app.register(customerAuthPlugin, { keys: options.customerTokenKeys });
    await app.register(bookingAuthPlugin);
    await app.register(staffAuthPlugin);
    await app.register(holdSweeperPlugin);
    await app.register(reconciliationPlugin);
    await app.register(mailRelayPlugin);
    await app.register(rateLimitSweeperPlugin);
    await app.register(remindersPlugin);
    await app.register(exportLinesPlugin);
    if (testing) await app.register(testing.faultsPlugin);
    else app.decorate('faults', NO_FAULTS);
    await app.register(swaggerPlugin);
    await app.register(
      async (api) => {
        for (const routes of MODULES) await api.register(routes);
        if (testing) await api.register(testing.testingRoutes);
      },
      { prefix: API_PREFIX },
    );
    if (config.payments.provider === 'sandbox') {
      await app.register(payProviderNotificationsPlugin);
      await app.register(paymentProviderPlugin, { prefix: '/pay' });
    }
    if (config.identity.provider === 'sandbox') await app.register(identityProviderPlugin, { prefix: '/idp' });
    if (config.mail.provider === 'sandbox') await app.register(devMailboxPlugin, { prefix: '/dev' });
    await app.register(consolePlugin);
    await app.register(webPlugin);
  } catch (error) {
    // Whatever opened before the failure (the database) is closed again.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
