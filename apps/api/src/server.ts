import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './plugins/env.ts';

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
  app.log.info(`listening on ${config.publicUrl} (API at ${config.publicUrl}/api, docs at ${config.publicUrl}/api/docs)`);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
