/** The one source of 'now', so tests can fix the day and holds can be expired without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
