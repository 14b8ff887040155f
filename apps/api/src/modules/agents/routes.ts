import type { FastifyInstance } from 'fastify';
import { agentDirectoryRoutes } from './directory-routes.ts';

/** Travel agents (issue 13): the directory and verification. The agent's calls on a booking are modules/agent-bookings. */
export async function agentRoutes(app: FastifyInstance) {
  await app.register(agentDirectoryRoutes);
}
