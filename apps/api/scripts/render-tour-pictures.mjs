#!/usr/bin/env node
/**
 * Renders the tour pictures (our own SVG drawings, tour-pictures/scenes.mjs)
 * into AVIF and WebP at responsive widths under media/tours, and writes the
 * list the seed reads (src/db/seed/data/tour-picture-files.ts). The outputs
 * are committed: the server only serves files and never renders at run time.
 *
 *   node apps/api/scripts/render-tour-pictures.mjs [--preview <dir>]
 *
 * File names carry a hash of the drawing and the encoder settings, so a
 * changed drawing gets new names and the old ones can be cached for ever.
 * `--preview` also writes a 960 px PNG of each picture to look at.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { CANVAS, SCENES } from './tour-pictures/scenes.mjs';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(apiDir, 'media', 'tours');
const manifestFile = join(apiDir, 'src', 'db', 'seed', 'data', 'tour-picture-files.ts');

/** Phone, laptop and large or high-density screens. */
export const WIDTHS = [480, 960, 1440];
const ENCODERS = {
  avif: { quality: 52, effort: 6, chromaSubsampling: '4:2:0' },
  webp: { quality: 78, effort: 6 },
};
/** Files in media/tours that are not pictures and are never removed. */
const KEEP = new Set(['NOTICE.md']);

const previewAt = process.argv.indexOf('--preview');
const previewDir = previewAt >= 0 ? process.argv[previewAt + 1] : undefined;

mkdirSync(outDir, { recursive: true });
if (previewDir) mkdirSync(previewDir, { recursive: true });

const written = new Set();
const manifest = {};
let bytes = 0;
for (const [id, draw] of Object.entries(SCENES)) {
  const drawing = draw();
  const hash = createHash('sha256')
    .update(drawing)
    .update(JSON.stringify({ WIDTHS, ENCODERS, sharp: sharp.versions.sharp }))
    .digest('hex')
    .slice(0, 10);
  const fileStem = `${id}.${hash}`;
  for (const width of WIDTHS) {
    const raster = sharp(Buffer.from(drawing), { density: 72 * (width / CANVAS.width) * 2 }).resize({ width });
    for (const [format, options] of Object.entries(ENCODERS)) {
      const name = `${fileStem}-${width}.${format}`;
      const buffer = await raster.clone()[format](options).toBuffer();
      writeFileSync(join(outDir, name), buffer);
      written.add(name);
      bytes += buffer.length;
    }
  }
  if (previewDir) await sharp(Buffer.from(drawing)).resize({ width: 960 }).png().toFile(join(previewDir, `${id}.png`));
  manifest[id] = { fileStem, width: CANVAS.width, height: CANVAS.height, widths: WIDTHS };
}

for (const name of readdirSync(outDir)) if (!written.has(name) && !KEEP.has(name)) rmSync(join(outDir, name));

const body = Object.entries(manifest)
  .map(([id, entry]) => `  '${id}': { fileStem: '${entry.fileStem}', width: ${entry.width}, height: ${entry.height}, widths: [${entry.widths.join(', ')}] },`)
  .join('\n');
writeFileSync(
  manifestFile,
  `// Written by apps/api/scripts/render-tour-pictures.mjs from its drawings; run it again rather than editing this file.

export interface TourPictureFile {
  /** media/tours/\${fileStem}-\${width}.avif|webp */
  fileStem: string;
  width: number;
  height: number;
  widths: number[];
}

export const TOUR_PICTURE_FILES = {
${body}
} as const satisfies Record<string, TourPictureFile>;

export type TourPictureId = keyof typeof TOUR_PICTURE_FILES;
`,
);

console.log(`${written.size} files, ${(bytes / 1024).toFixed(0)} kB in ${outDir}`);
