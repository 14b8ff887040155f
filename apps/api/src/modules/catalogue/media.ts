import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { packagePath } from '../../files.ts';
import { notFound } from '../../lib/http-error.ts';
import { pictureStorageKey, storageUnavailable } from './pictures/routes.ts';
import { MEDIA_PATH } from './present.ts';

/** media/tours of the API package: the rendered tour pictures (scripts/render-tour-pictures.mjs). */
export const TOUR_MEDIA_ROOT = packagePath('media/tours');

/** Picture names carry a hash of the picture (see NOTICE.md there), so a name always means the same bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SERVED = /\.(avif|webp)$/;
/** An uploaded picture's file: `${stem}-${width}.${format}` (pictures/routes.ts names them). */
const UPLOADED_FILE = /^[a-z0-9][a-z0-9.-]*-\d{1,5}\.(avif|webp|jpeg)$/;

/**
 * Serves the tour pictures under /api/media/tours: the demo's rendered files
 * from the folder, each at its own route (the folder is read at start-up),
 * and every other picture name from the file storage, where staff uploads
 * go. Only picture files: the notice beside them and anything else answers
 * 404 like any unknown path.
 */
export async function tourMedia(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: TOUR_MEDIA_ROOT,
    prefix: `${MEDIA_PATH}/`,
    // One route per file rather than a wildcard, so the uploaded pictures' route below answers the other names.
    wildcard: false,
    // The web plugin owns reply.sendFile; this one only serves its folder.
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    allowedPath: (pathName) => SERVED.test(pathName),
    setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE),
  });

  app.get(`${MEDIA_PATH}/:file`, { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!UPLOADED_FILE.test(file)) throw notFound();
    const stored = await app.fileStorage.get(pictureStorageKey(file)).catch(storageUnavailable);
    if (!stored) throw notFound();
    return reply.header('content-type', stored.contentType).header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff').send(stored.bytes);
  });
}
