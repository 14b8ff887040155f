import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Brotli and gzip copies of the build's text files, written beside them
 * (main.js.br, main.js.gz) once at build time with the strongest settings,
 * so the server sends them as they are (@fastify/static `preCompressed`,
 * apps/api/src/plugins/web.ts) instead of compressing on every request or
 * not at all. Images and fonts are compressed already, and files under
 * MIN_BYTES gain less than a header costs; neither gets copies.
 */

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/i;
export const MIN_BYTES = 1024;
/** A copy that saves less than this share of the file is not worth a second variant to cache. */
const MIN_SAVING = 0.1;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CompressedFile {
  /** Relative to the build folder, with forward slashes. */
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path);
      return Promise.resolve(entry.isFile() ? [path] : []);
    }),
  );
  return nested.flat();
}

export const worthCompressing = (file: string, bytes: number) => COMPRESSIBLE.test(file) && bytes >= MIN_BYTES;

/** Writes `.br` and `.gz` beside every file worth compressing under `dir`; answers what it wrote. */
export async function precompressDir(dir: string): Promise<CompressedFile[]> {
  const written: CompressedFile[] = [];
  for (const path of await filesUnder(dir)) {
    if (!worthCompressing(path, (await stat(path)).size)) continue;
    const source = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    const limit = source.length * (1 - MIN_SAVING);
    // Served as the original when a copy is missing, so skipping one is always safe.
    if (br.length <= limit) await writeFile(`${path}.br`, br);
    if (gz.length <= limit) await writeFile(`${path}.gz`, gz);
    written.push({ file: relative(dir, path).split(sep).join('/'), raw: source.length, gzip: gz.length, brotli: br.length });
  }
  return written;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The Vite plugin: compresses the written build, public files included, after a successful `vite build`. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  let written = false;
  return {
    name: 'tours:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle() {
      written = true;
    },
    // closeBundle runs after Vite has copied public/ too; `written` keeps a failed build from being compressed.
    async closeBundle() {
      if (!written || config.build.write === false) return;
      const outDir = resolve(config.root, config.build.outDir);
      const files = await precompressDir(outDir);
      const biggest = [...files].sort((a, b) => b.raw - a.raw)[0];
      config.logger.info(
        `precompressed ${files.length} files (brotli, gzip)${biggest ? `; largest ${biggest.file}: ${kB(biggest.raw)}, gzip ${kB(biggest.gzip)}, brotli ${kB(biggest.brotli)}` : ''}`,
      );
    },
  };
}
