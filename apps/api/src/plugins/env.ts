import type { AppConfig } from '../config/index.ts';
import { sharedPlugin } from '../lib/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** app.config: the settings loadConfig checked, for every plugin and module. */
export const envPlugin = sharedPlugin('env', async (app, options: { config: AppConfig }) => {
  app.decorate('config', options.config);
  // Following the request's origin is for development and demos: in production a forged Host could bind a card form or a link to another site.
  if (options.config.nodeEnv === 'production' && options.config.demoParts.length > 0) {
    app.log.warn({ demo: options.config.demoParts }, 'DEMO=1: running as a demo with NODE_ENV=production (sandboxes or demo data are on)');
  }
  if (options.config.nodeEnv === 'production' && options.config.allowedOrigins.length === 0) {
    app.log.warn('PUBLIC_URL and ALLOWED_ORIGINS are unset: the site is served at whatever origin a request names. Set PUBLIC_URL in production.');
  }
});
