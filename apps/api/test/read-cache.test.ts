import { describe, expect, it } from 'vitest';
import { cachedJson, encodedJson, matchesEtag, preferredCoding, ReadCache } from '../src/lib/read-cache.ts';
import { publicCacheControl } from '../src/plugins/read-cache.ts';

/** The read cache's rules, without a database (lib/read-cache.ts). */
describe('ReadCache', () => {
  const clock = () => {
    let now = 0;
    return { now: () => now, advance: (ms: number) => void (now += ms) };
  };

  it('keeps an answer for its TTL, then reads again', async () => {
    const time = clock();
    const cache = new ReadCache(1000, time.now);
    let reads = 0;
    const read = () => cache.get('k', async () => ++reads);
    expect(await read()).toBe(1);
    time.advance(999);
    expect(await read()).toBe(1);
    time.advance(1);
    expect(await read()).toBe(2);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 2 });
  });

  it('reads once for concurrent misses of one key', async () => {
    const cache = new ReadCache(1000);
    let reads = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', async () => ++reads)));
    expect(reads).toBe(1);
    expect(new Set(answers)).toEqual(new Set([1]));
  });

  it('never keeps a read that was running when it was cleared', async () => {
    const cache = new ReadCache(60_000);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = () => resolve('before the write'))));
    cache.clear();
    release();
    expect(await slow).toBe('before the write');
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write');
  });

  it('does not keep failures', async () => {
    const cache = new ReadCache(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
  });

  it('computes every time with a TTL of 0', async () => {
    const cache = new ReadCache(0);
    let reads = 0;
    await cache.get('k', async () => ++reads);
    await cache.get('k', async () => ++reads);
    expect(reads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('holds a bounded number of keys, dropping the oldest', async () => {
    const cache = new ReadCache(60_000, Date.now, 3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    let reread = false;
    await cache.get('a', async () => ((reread = true), 'a'));
    expect(reread).toBe(true);
  });
});

describe('HTTP validators', () => {
  it('tags the same bytes alike and different bytes differently', () => {
    expect(cachedJson('{"a":1}').etag).toBe(cachedJson('{"a":1}').etag);
    expect(cachedJson('{"a":1}').etag).not.toBe(cachedJson('{"a":2}').etag);
    expect(cachedJson('{"a":1}').etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    const { etag } = cachedJson('{}');
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"x", W/${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"x"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });

  it('lets shared caches keep public reads as long as a replica does', () => {
    expect(publicCacheControl(1000)).toBe('public, max-age=1, stale-while-revalidate=10');
    expect(publicCacheControl(60_000)).toBe('public, max-age=60, stale-while-revalidate=10');
    expect(publicCacheControl(0)).toBe('public, no-cache');
  });
});

describe('compression of cached answers', () => {
  it('prefers brotli, then gzip, honours q=0 and leaves small answers alone', () => {
    expect(preferredCoding('gzip, deflate, br', 5000)).toBe('br');
    expect(preferredCoding('gzip;q=1.0, br;q=0', 5000)).toBe('gzip');
    expect(preferredCoding('br;q=0.0, gzip;q=0', 5000)).toBeNull();
    expect(preferredCoding('*', 5000)).toBe('gzip');
    expect(preferredCoding('identity', 5000)).toBeNull();
    expect(preferredCoding(undefined, 5000)).toBeNull();
    expect(preferredCoding('br', 1023)).toBeNull();
    expect(preferredCoding(['deflate', 'GZIP'], 5000)).toBe('gzip');
  });

  it('compresses an entry once per coding and tags each coding apart', () => {
    const cached = cachedJson(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ code: `T${i}`, name: 'Vienna' })) }));
    const br = encodedJson(cached, 'br');
    expect(encodedJson(cached, 'br')).toBe(br);
    const gzip = encodedJson(cached, 'gzip');
    expect(new Set([cached.etag, br.etag, gzip.etag]).size).toBe(3);
    expect(br.etag).toMatch(/^"[\w-]+-br"$/);
    expect(br.body.length).toBeLessThan(cached.bytes);
  });
});
