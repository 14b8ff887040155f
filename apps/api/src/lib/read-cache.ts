import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A short-lived, in-process cache for hot reads (docs/decisions/0014-hot-read-cache.md).
 *
 * - Entries live `ttlMs` (0: nothing is kept, every read computes).
 * - Concurrent readers of a missing key share one computation, so a burst of
 *   visitors after an expiry costs the database one read, not fifty.
 * - `clear()` drops everything at once, including computations still running:
 *   a read that started before a write committed is never kept after it.
 * - At most `maxEntries` keys (oldest dropped first), so keys built from
 *   query strings cannot grow the process without bound.
 *
 * It never decides a booking: selections, payment and confirmation read the
 * database under their locks whatever this holds.
 */
export class ReadCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  /** Reads served from memory and reads computed, for tests and the benchmark report. */
  readonly stats = { hits: 0, misses: 0, clears: 0 };

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 2000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) {
      this.stats.misses += 1;
      return compute();
    }
    const now = this.now();
    const found = this.entries.get(key);
    if (found && found.expiresAt > now) {
      this.stats.hits += 1;
      return found.value as Promise<T>;
    }
    this.stats.misses += 1;
    const value = compute();
    const entry = { expiresAt: now + this.ttlMs, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A failed read is not remembered: the next visitor tries again.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** Forgets every entry: called when this replica has written something a read may show. */
  clear(): void {
    this.stats.clears += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A serialised JSON answer with its validator, kept as sent so a hit costs no serialisation. */
export interface CachedJson {
  body: string;
  /** A strong ETag: the same bytes always have the same tag, on every replica. */
  etag: string;
  /** The body's length in bytes, once. */
  bytes: number;
  /** Compressed once per entry, on the first visitor that accepts it, and kept with the entry. */
  encoded: Partial<Record<ContentCoding, EncodedJson>>;
}

export type ContentCoding = 'br' | 'gzip';

export interface EncodedJson {
  body: Buffer;
  /** Each representation has its own strong tag (RFC 9110 8.8.3): a gzip body is not the same bytes as the JSON. */
  etag: string;
}

/** Below this the headers outweigh what compression saves. */
export const MIN_COMPRESSED_BYTES = 1024;

export function cachedJson(body: string): CachedJson {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, bytes: Buffer.byteLength(body), encoded: {} };
}

/**
 * The coding to send a cached answer in: brotli, else gzip, when the request
 * accepts it (a q=0 refuses); none for small answers or when neither is accepted.
 */
export function preferredCoding(acceptEncoding: string | string[] | undefined, bodyBytes: number): ContentCoding | null {
  if (!acceptEncoding || bodyBytes < MIN_COMPRESSED_BYTES) return null;
  const accepted = new Set<string>();
  for (const part of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (coding && !refused) accepted.add(coding.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** The answer in `coding`, compressed the first time it is asked for (a fast brotli level: it is redone every TTL). */
export function encodedJson(cached: CachedJson, coding: ContentCoding): EncodedJson {
  let encoded = cached.encoded[coding];
  if (!encoded) {
    const body =
      coding === 'br'
        ? brotliCompressSync(cached.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
        : gzipSync(cached.body, { level: 6 });
    encoded = { body, etag: `${cached.etag.slice(0, -1)}-${coding}"` };
    cached.encoded[coding] = encoded;
  }
  return encoded;
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and * included, as RFC 9110 compares for GET). */
export function matchesEtag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
