import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './catalogue/routes.ts';
import { geolocationRoutes } from './geolocation/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { marketingRoutes } from './marketing/routes.ts';

/** Every module's routes, each registered under /api in its own encapsulated context. */
export const MODULES: ((app: FastifyInstance) => Promise<void>)[] = [healthRoutes, catalogueRoutes, marketingRoutes, geolocationRoutes];
