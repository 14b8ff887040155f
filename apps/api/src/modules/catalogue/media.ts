import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { packagePath } from '../../files.ts';
import { MEDIA_PATH } from './present.ts';

/** media/tours of the API package: the rendered tour pictures (scripts/render-tour-pictures.mjs). */
export const TOUR_MEDIA_ROOT = packagePath('media/tours');

/** Picture names carry a hash of the drawing (see NOTICE.md there), so a name always means the same bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SERVED = /\.(avif|webp)$/;

/**
 * Serves the tour pictures under /api/media/tours. Only the picture files:
 * the notice beside them and anything else answers 404 like any unknown path.
 */
export async function tourMedia(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: TOUR_MEDIA_ROOT,
    prefix: `${MEDIA_PATH}/`,
    // The web plugin owns reply.sendFile; this one only serves its folder.
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    allowedPath: (pathName) => SERVED.test(pathName),
    setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE),
  });
}
