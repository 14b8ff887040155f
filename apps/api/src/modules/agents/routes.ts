import type { FastifyInstance } from 'fastify';
import { agentBookingRoutes } from './booking-routes.ts';
import { agentDirectoryRoutes } from './directory-routes.ts';

/** Travel agents (issue 13): the directory and verification, and the agent's calls on a booking. */
export async function agentRoutes(app: FastifyInstance) {
  await app.register(agentDirectoryRoutes);
  await app.register(agentBookingRoutes);
}
