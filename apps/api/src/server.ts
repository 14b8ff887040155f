import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/index.ts';

/** Starts the API (and the SPA it serves) on PORT; stops cleanly on SIGINT and SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // With no PUBLIC_URL the site answers at any address that reaches it; the internal one is the one to show.
  const site = config.publicUrl ?? config.internalUrl;
  const where = config.allowedOrigins.length > 0 ? `served at ${config.allowedOrigins.join(', ')}` : 'served at whatever address reaches it';
  app.log.info(`listening on ${config.host}:${config.port}: open ${site} (API at ${site}/api, docs at ${site}/api/docs); the site is ${where}`);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
