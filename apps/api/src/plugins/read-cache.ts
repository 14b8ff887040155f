import type { Endpoint } from '@tours/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type * as z from 'zod/v4/core';
import { sharedPlugin } from '../lib/plugin.ts';
import { cachedJson, encodedJson, matchesEtag, MIN_COMPRESSED_BYTES, preferredCoding, ReadCache, type CachedJson } from '../lib/read-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hot reads kept for READ_CACHE_TTL_MS (lib/read-cache.ts); cleared by every write this replica answers. */
    readCache: ReadCache;
  }
}

/** Methods that never change anything; every other one may, so its answer clears the cache. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How long a browser may keep a stale answer while it fetches a fresh one in the background. */
const STALE_WHILE_REVALIDATE_SECONDS = 10;

/** Per-booking and per-customer answers: never kept by a browser or a shared cache. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Cache-Control of the shared catalogue reads: as long as this replica keeps
 * them (so a CDN in front holds them no longer than we do), then served stale
 * briefly while revalidated with the ETag. With the cache off, every use revalidates.
 */
export function publicCacheControl(ttlMs: number): string {
  if (ttlMs <= 0) return 'public, no-cache';
  return `public, max-age=${Math.max(1, Math.round(ttlMs / 1000))}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
}

export const readCachePlugin = sharedPlugin('read-cache', async (app) => {
  // The app's clock, so tests move time past the TTL instead of waiting for it.
  app.decorate('readCache', new ReadCache(app.config.readCacheTtlMs, () => app.clock.now().getTime()));
  // Before the answer leaves: the caller's next read, on this replica, already sees what it wrote.
  // Refused writes (4xx) changed nothing, and clearing on them would let anyone empty the cache at will.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method) && (reply.statusCode < 400 || reply.statusCode >= 500)) app.readCache.clear();
    done(null, payload);
  });
});

const serializers = new WeakMap<z.$ZodType, (data: unknown) => string>();

/** The endpoint's own response serialiser (the contract's schema, as registerEndpoint's routes use it). */
function serializerOf(endpoint: Endpoint): (data: unknown) => string {
  let serialize = serializers.get(endpoint.response);
  if (!serialize) {
    serialize = serializerCompiler({ schema: endpoint.response, method: endpoint.method, url: endpoint.path, httpStatus: '200' } as never) as (
      data: unknown,
    ) => string;
    serializers.set(endpoint.response, serialize);
  }
  return serialize;
}

/** The answer's bytes exactly as the route would send them: serialised (and checked) by the contract's response schema. */
export function serializeAnswer<E extends Endpoint>(endpoint: E, data: z.input<E['response']>): string {
  return serializerOf(endpoint)(data);
}

/** Sends JSON already serialised by serializeAnswer; returns the reply, which registerEndpoint takes as already sent. */
export function sendSerialized(reply: FastifyReply, body: string): FastifyReply {
  return reply.code(200).type('application/json; charset=utf-8').send(body);
}

export interface CachedAnswer<E extends Endpoint> {
  endpoint: E;
  /** What the answer depends on, fully: the same key must always mean the same bytes. */
  key: string;
  cacheControl: string;
  compute: () => Promise<z.input<E['response']>>;
}

/**
 * Answers a read from the cache (computing and serialising it on a miss) with
 * its ETag and Cache-Control; 304 without a body when If-None-Match names it.
 * Returns the reply, which registerEndpoint takes as already sent.
 */
export async function answerCached<E extends Endpoint>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer<E>,
): Promise<FastifyReply> {
  // A staff member's answer is theirs alone and always fresh (docs/decisions/0018-staff-console.md): never kept, never shared.
  if (answer.endpoint.auth === 'staff') throw new Error(`${answer.endpoint.method} ${answer.endpoint.path}: staff answers are never served from the read cache`);
  const cached: CachedJson = await app.readCache.get(answer.key, async () => cachedJson(serializerOf(answer.endpoint)(await answer.compute())));
  reply.header('cache-control', answer.cacheControl);
  // Sent compressed to whoever accepts it (the catalogue is ~17 kB of JSON), so shared caches must key on the coding.
  if (cached.bytes >= MIN_COMPRESSED_BYTES) reply.header('vary', 'Accept-Encoding');
  const coding = preferredCoding(request.headers['accept-encoding'], cached.bytes);
  if (!coding) {
    reply.header('etag', cached.etag);
    if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
    return sendSerialized(reply, cached.body);
  }
  const encoded = encodedJson(cached, coding);
  reply.header('etag', encoded.etag);
  if (matchesEtag(request.headers['if-none-match'], encoded.etag)) return reply.code(304).send();
  return reply.code(200).type('application/json; charset=utf-8').header('content-encoding', coding).send(encoded.body);
}
