import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { packagePath } from '../../files.ts';
import { notFound } from '../../lib/http-error.ts';
import { pictureStorageKey, storageUnavailable } from './pictures/routes.ts';
import { MEDIA_PATH } from './present.ts';

/** media/tours of the API package: the rendered tour pictures (scripts/render-tour-pictures.mjs). */
export const TOUR_MEDIA_ROOT = packagePath('media/tours');

/** Picture names carry a hash of the picture (see NOTICE.md there), so a name always means the same bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A picture's file: `${stem}-${width}.${format}` (the demo's rendered ones and pictures/routes.ts's uploads alike). */
const PICTURE_FILE = /^[a-z0-9][a-z0-9.-]*-\d{1,5}\.(avif|webp|jpeg)$/;
const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;

/** The demo's rendered file of that name, or null: read from the package's folder (the name is checked first, so it never leaves it). */
async function renderedFile(file: string): Promise<Buffer | null> {
  try {
    return await readFile(join(TOUR_MEDIA_ROOT, file));
  } catch {
    return null;
  }
}

/**
 * Serves the tour pictures under /api/media/tours at one route: a picture's
 * name is looked up in the demo's rendered files, then in the file storage
 * where staff uploads go. Only picture names: the notice beside them and
 * anything else answers 404 like any unknown path.
 */
export async function tourMedia(app: FastifyInstance) {
  app.get(`${MEDIA_PATH}/:file`, { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const format = PICTURE_FILE.exec(file)?.[1] as keyof typeof CONTENT_TYPES | undefined;
    if (!format) throw notFound();
    const rendered = format === 'jpeg' ? null : await renderedFile(file);
    const stored = rendered ? { bytes: rendered, contentType: CONTENT_TYPES[format] } : await app.fileStorage.get(pictureStorageKey(file)).catch(storageUnavailable);
    if (!stored) throw notFound();
    return reply.header('content-type', stored.contentType).header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff').send(stored.bytes);
  });
}
