import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir, worthCompressing } from './precompress.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = (bytes: number) => 'const tour = "Vienna"; '.repeat(Math.ceil(bytes / 23)).slice(0, bytes);

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text files worth compressing, and nothing else', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html>${text(3000)}`,
      'assets/index-B3xk9_Qa.js': text(20_000),
      'assets/index-C4k2Lm9x.css': text(4000),
      'logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${text(2000)}</svg>`,
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'assets/photo-D5e6F7g8.webp': Buffer.alloc(5000, 7),
      'assets/small-E6f7G8h9.js': text(MIN_BYTES - 1),
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);

    const written = await precompressDir(dir);

    expect(written.map((file) => file.file).sort()).toEqual(['assets/index-B3xk9_Qa.js', 'assets/index-C4k2Lm9x.css', 'index.html', 'logo.svg']);
    for (const { file, raw, gzip, brotli } of written) {
      const original = readFileSync(join(dir, file));
      expect(raw).toBe(original.length);
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`))).equals(original)).toBe(true);
      expect(brotli).toBeLessThan(raw);
      expect(gzip).toBeLessThan(raw);
    }
    for (const skipped of ['favicon.svg', 'assets/photo-D5e6F7g8.webp', 'assets/small-E6f7G8h9.js']) {
      expect(existsSync(join(dir, `${skipped}.br`)), skipped).toBe(false);
      expect(existsSync(join(dir, `${skipped}.gz`)), skipped).toBe(false);
    }
  });

  it('skips a copy that would save too little to be worth caching', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    // Random bytes do not compress: no copy beats the original by a tenth.
    writeFileSync(join(dir, 'data.json'), Buffer.from(Array.from({ length: 4000 }, () => Math.floor(Math.random() * 256))));
    await precompressDir(dir);
    expect(existsSync(join(dir, 'data.json.br'))).toBe(false);
    expect(existsSync(join(dir, 'data.json.gz'))).toBe(false);
  });

  it('judges by type and size', () => {
    expect(worthCompressing('main.js', MIN_BYTES)).toBe(true);
    expect(worthCompressing('main.js', MIN_BYTES - 1)).toBe(false);
    expect(worthCompressing('styles.CSS', 50_000)).toBe(true);
    expect(worthCompressing('photo.png', 50_000)).toBe(false);
    expect(worthCompressing('main.js.br', 50_000)).toBe(false);
  });
});
