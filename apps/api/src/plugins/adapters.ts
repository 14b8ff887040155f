import { createGeolocation, type GeolocationPort } from '../adapters/geolocation/index.ts';
import { sharedPlugin } from '../lib/plugin.ts';

/** Every third party the API talks to, each behind its port: sandbox by default, real by configuration. */
export interface Adapters {
  geolocation: GeolocationPort;
}

declare module 'fastify' {
  interface FastifyInstance {
    adapters: Adapters;
  }
}

export const adaptersPlugin = sharedPlugin('adapters', async (app, options: { overrides?: Partial<Adapters> }) => {
  const adapters: Adapters = {
    geolocation: options.overrides?.geolocation ?? createGeolocation(app.config.geolocation),
  };
  app.decorate('adapters', adapters);
});
