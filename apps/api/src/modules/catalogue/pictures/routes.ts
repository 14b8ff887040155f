import {
  deleteTourPicture,
  listStaffTourPictures,
  reorderTourPictures,
  TOUR_PICTURE_LIMITS,
  TOUR_PICTURE_MESSAGES,
  updateTourPicture,
  uploadTourPicture,
} from '@tours/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, serviceFailure, validationFailed } from '../../../lib/http-error.ts';
import { ifMatchOf } from '../../../lib/if-match.ts';
import { registerEndpoint } from '../../../lib/register-endpoint.ts';
import { staffSessionOf } from '../../../plugins/staff-auth.ts';
import { FileStorageError, type FileStorage } from '../../file-storage/index.ts';
import { pictureHash, preparePicture, type PreparedPicture } from './resize.ts';
import * as pictures from './service.ts';

/**
 * The largest upload body: the file at its limit plus room for the form's
 * other fields and boundaries. nginx lets this much through on the upload's
 * path only (deploy/nginx, test/nginx-body-limit.test.ts); a file a little
 * over its limit still arrives, so it is refused with the field's message.
 */
export const PICTURE_UPLOAD_BODY_LIMIT_BYTES = TOUR_PICTURE_LIMITS.maxBytes + 64 * 1024;

/** Where a picture's files are kept in the file storage; media.ts serves them from the same names. */
export const pictureStorageKey = (fileName: string) => `tour-pictures/${fileName}`;
const fileNamesOf = (picture: { fileStem: string; widths: number[]; formats: string[] }) =>
  picture.widths.flatMap((width) => picture.formats.map((format) => `${picture.fileStem}-${width}.${format}`));

/** A stem for the URL: the tour's code in lower case, then the content hash (`mhw-vie.3f9a0c1b2d4e`). */
export const fileStemFor = (tourCode: string, hash: string) =>
  `${tourCode.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'tour'}.${hash}`;

/** Removes a stem's files unless a picture still shows them; a failure leaves files nobody links to, never a broken page. */
async function removeFilesIfUnused(app: FastifyInstance, picture: { fileStem: string; widths: number[]; formats: string[] }) {
  if (await pictures.stemInUse(app.db, picture.fileStem)) return;
  try {
    await Promise.all(fileNamesOf(picture).map((name) => app.fileStorage.delete(pictureStorageKey(name))));
  } catch (error) {
    app.log.warn({ err: error, fileStem: picture.fileStem }, 'tour picture files not removed from the file storage');
  }
}

/** A store that failed (an S3 bucket down) is the server's problem, said as such: 503, and no picture row names files that may be missing. */
export function storageUnavailable(error: unknown): never {
  if (error instanceof FileStorageError) throw serviceFailure('The picture files cannot be reached just now. Please try again in a moment.', 503);
  throw error;
}

async function storeFiles(storage: FileStorage, prepared: PreparedPicture, fileStem: string) {
  await Promise.all(prepared.files.map((file) => storage.put(pictureStorageKey(`${fileStem}-${file.width}.${file.format}`), file.bytes, file.contentType))).catch(
    storageUnavailable,
  );
}

/**
 * The form of an upload, read by the platform's own multipart parser
 * (undici's Response.formData) once the body is whole: `alt` and `reason`
 * as text, `file` as its bytes. What the bytes are is decided later, from
 * the bytes (resize.ts), never from the part's name or type.
 */
async function parseUploadForm(request: FastifyRequest, body: Buffer) {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
  } catch {
    throw validationFailed({ file: TOUR_PICTURE_MESSAGES.fileRequired });
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const file = form.get('file');
  return { alt: text('alt'), reason: text('reason'), file: file instanceof Blob ? Buffer.from(await file.arrayBuffer()) : undefined };
}

/** A tour's pictures in the staff console (permission catalogue.edit): service.ts holds the rules, resize.ts makes the files. */
export async function tourPictureRoutes(app: FastifyInstance) {
  const context = (request: FastifyRequest, reason: string) => ({ actorId: staffSessionOf(request).member.id, reason, requestId: request.id });
  const answer = (reply: FastifyReply, view: pictures.TourPicturesView) => {
    reply.header('etag', view.etag);
    return { data: view };
  };

  registerEndpoint(app, listStaffTourPictures, async (request, reply) => {
    const tour = await pictures.tourByCode(app.db, request.params.tour);
    if (!tour) throw notFound(TOUR_PICTURE_MESSAGES.noTour);
    return answer(reply, pictures.presentPictures(tour, await pictures.picturesOf(app.db, tour.id)));
  });

  // Its own context, so only the upload reads multipart bodies, and only it takes a body this large.
  await app.register(async (upload) => {
    // The member and the permission are checked as the request arrives, before its 10 MB body is read: a caller
    // who may not upload never makes the server buffer and parse one. (The route's own guard checks again.)
    const staffGuard = app.authGuards.get('staff');
    if (staffGuard) upload.addHook('onRequest', staffGuard);
    upload.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: PICTURE_UPLOAD_BODY_LIMIT_BYTES }, (request: FastifyRequest, body: string | Buffer) =>
      parseUploadForm(request, body as Buffer),
    );
    registerEndpoint(
      upload,
      uploadTourPicture,
      async (request, reply) => {
        const { alt, reason, file } = request.body;
        const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
        const tour = await pictures.assertRoomForPicture(app.db, request.params.tour);
        const fileStem = fileStemFor(tour.code, pictureHash(bytes));
        // The same file again would make the same files under the same names: refused before about a second of
        // resizing and encoding (addPicture checks again, under the tour's lock, for two uploads at once).
        if (await pictures.stemInUse(app.db, fileStem)) throw validationFailed({ file: TOUR_PICTURE_MESSAGES.duplicate });
        const prepared = await preparePicture(bytes);
        const picture = { ...prepared, fileStem, alt };
        await storeFiles(app.fileStorage, prepared, fileStem);
        try {
          return answer(reply, await pictures.addPicture(app.db, tour.code, picture, context(request, reason)));
        } catch (error) {
          await removeFilesIfUnused(app, picture);
          throw error;
        }
      },
      { status: 201, bodyLimit: PICTURE_UPLOAD_BODY_LIMIT_BYTES },
    );
  });

  registerEndpoint(app, updateTourPicture, async (request, reply) => {
    const ifMatch = ifMatchOf(request);
    const { alt, reason } = request.body;
    return answer(reply, await pictures.changeAlt(app.db, request.params.tour, request.params.picture, ifMatch, alt, context(request, reason)));
  });

  registerEndpoint(app, reorderTourPictures, async (request, reply) => {
    const ifMatch = ifMatchOf(request);
    const { order, reason } = request.body;
    return answer(reply, await pictures.reorderPictures(app.db, request.params.tour, ifMatch, order, context(request, reason)));
  });

  registerEndpoint(app, deleteTourPicture, async (request, reply) => {
    const ifMatch = ifMatchOf(request);
    const { view, removed } = await pictures.removePicture(app.db, request.params.tour, request.params.picture, ifMatch, context(request, request.body.reason));
    if (removed.uploaded) await removeFilesIfUnused(app, removed);
    return answer(reply, view);
  });
}
