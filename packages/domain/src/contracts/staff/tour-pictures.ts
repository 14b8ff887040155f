import { z } from 'zod/mini';
import { staffReasonSchema } from '../../staff/reason.ts';
import { requiredText } from '../../validation.ts';
import { idSchema, positiveId, text } from '../../input-values.ts';
import { dataEnvelope, defineEndpoint } from '../common.ts';
import { tourPictureSchema } from '../catalogue.ts';

/**
 * A tour's pictures in the staff console (issue 27, permission
 * catalogue.edit): upload, describe, order, remove. An upload is checked
 * from its bytes (never its name or declared type), resized to the widths
 * and formats the tour pages use, and stored by content hash, so a picture's
 * files can be cached for ever. Position 0 is the tour's main picture (its
 * card in the catalogue and the page's hero).
 */

/** What an upload may be. The server sniffs the bytes; the console checks the same limits first to save a wasted upload. */
export const TOUR_PICTURE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  minWidth: 1200,
  minHeight: 400,
  maxSide: 8000,
  /** Pixels at most: a 10 MB file can hold a picture far too big to resize (a flat colour compresses to nothing). */
  maxPixels: 40_000_000,
  maxPictures: 24,
  altMax: 250,
} as const;

/** The widths every uploaded picture is resized to (at most its own width), as the demo's pictures are rendered. */
export const TOUR_PICTURE_WIDTHS = [480, 960, 1440] as const;
/** The formats of an uploaded picture's files: AVIF and WebP for the <source>s, JPEG for the <img> every browser shows. */
export const TOUR_PICTURE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
/** What an upload's bytes may be, by the format sniffed from them. */
export const TOUR_PICTURE_UPLOAD_TYPES = ['jpeg', 'png', 'webp', 'avif'] as const;
export type TourPictureUploadType = (typeof TOUR_PICTURE_UPLOAD_TYPES)[number];

const megabytes = TOUR_PICTURE_LIMITS.maxBytes / (1024 * 1024);

export const TOUR_PICTURE_MESSAGES = {
  fileRequired: 'Choose a picture to upload',
  fileType: 'Upload a JPEG, PNG, WebP or AVIF picture',
  fileTooLarge: `The picture must be at most ${megabytes} MB`,
  unreadable: 'This picture cannot be read; it may be damaged. Try saving it again as a JPEG',
  tooNarrow: `The picture must be at least ${TOUR_PICTURE_LIMITS.minWidth} pixels wide`,
  tooShort: `The picture must be at least ${TOUR_PICTURE_LIMITS.minHeight} pixels high`,
  tooBig: `The picture must be at most ${TOUR_PICTURE_LIMITS.maxSide} × ${TOUR_PICTURE_LIMITS.maxSide} pixels`,
  tooManyPixels: `The picture must have at most ${TOUR_PICTURE_LIMITS.maxPixels / 1_000_000} megapixels`,
  duplicate: "This picture is already one of the tour's pictures",
  tooManyPictures: `A tour has at most ${TOUR_PICTURE_LIMITS.maxPictures} pictures; remove one first`,
  altRequired: 'Describe the picture for people who cannot see it',
  orderIncomplete: "List each of the tour's pictures once",
  nothingToChange: 'Change the description',
  stalePictures: "Someone changed this tour's pictures since you opened them. Reload to see their changes, then try again.",
  stalePicture: 'Someone changed this picture since you opened it. Reload to see their change, then try again.',
  noTour: 'No tour has this code.',
  noPicture: 'This tour has no such picture.',
} as const;

/** What the picture shows, for people who cannot see it: required, one line, HTML stripped. */
export const tourPictureAltSchema = requiredText(TOUR_PICTURE_MESSAGES.altRequired, TOUR_PICTURE_LIMITS.altMax);

/** The fields typed beside the file of an upload: the console's form checks them with this schema. */
export const uploadTourPictureFieldsSchema = z.object({
  alt: tourPictureAltSchema,
  reason: staffReasonSchema,
});
export type UploadTourPictureFields = z.input<typeof uploadTourPictureFieldsSchema>;

/**
 * The file's bytes, as the API reads them from the multipart form. Only the
 * size is checked here: what the bytes are (the format, the dimensions) is
 * sniffed by the API, which alone can decode them.
 */
export const tourPictureFileSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array && value.length > 0, { error: TOUR_PICTURE_MESSAGES.fileRequired })
  .check(z.refine((bytes) => bytes.length <= TOUR_PICTURE_LIMITS.maxBytes, TOUR_PICTURE_MESSAGES.fileTooLarge));

/** An upload as the API parses its multipart/form-data body (`alt`, `reason`, `file`). */
export const uploadTourPictureBodySchema = z.object({
  alt: tourPictureAltSchema,
  reason: staffReasonSchema,
  file: tourPictureFileSchema,
});

export const staffTourPictureSchema = z.object({
  id: z.number(),
  position: z.number(),
  /** The files' name stem: a new upload, a new stem. */
  file_stem: z.string(),
  /** Goes up with each change of the picture; its ETag is made from it. */
  version: z.number(),
  etag: z.string(),
  /** False for the demo's pictures rendered ahead of time (AVIF and WebP only). */
  uploaded: z.boolean(),
  picture: tourPictureSchema,
});
export type StaffTourPicture = z.infer<typeof staffTourPictureSchema>;

export const staffTourPicturesSchema = z.object({
  tour: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  items: z.array(staffTourPictureSchema),
  /** The ETag of the whole list (its pictures, their order and versions): a reorder sends it as If-Match. */
  etag: z.string(),
});
export type StaffTourPictures = z.infer<typeof staffTourPicturesSchema>;

/** A tour by its code ('MHW-VIE'), any case. */
const tourCodeParam = text({ max: 20, required: TOUR_PICTURE_MESSAGES.noTour, maxMessage: TOUR_PICTURE_MESSAGES.noTour });
export const tourPicturesParamsSchema = z.object({ tour: tourCodeParam });
export const tourPictureParamsSchema = z.object({ tour: tourCodeParam, picture: idSchema });

export const updateTourPictureBodySchema = z.object({ alt: tourPictureAltSchema, reason: staffReasonSchema });
export type UpdateTourPictureInput = z.input<typeof updateTourPictureBodySchema>;

export const reorderTourPicturesBodySchema = z.object({
  /** Every picture id of the tour, main picture first. */
  order: z
    .array(positiveId(TOUR_PICTURE_MESSAGES.orderIncomplete), { error: TOUR_PICTURE_MESSAGES.orderIncomplete })
    .check(
      z.minLength(1, TOUR_PICTURE_MESSAGES.orderIncomplete),
      z.refine((ids) => new Set(ids).size === ids.length, TOUR_PICTURE_MESSAGES.orderIncomplete),
    ),
  reason: staffReasonSchema,
});

export const deleteTourPictureBodySchema = z.object({ reason: staffReasonSchema });

/** The ETag of one picture at a version, the same on every replica. */
export const tourPictureEtag = (picture: { id: number; version: number }) => `"tour-picture-${picture.id}-v${picture.version}"`;

export const listStaffTourPictures = defineEndpoint({
  method: 'GET',
  path: '/staff/tours/:tour/pictures',
  params: tourPicturesParamsSchema,
  response: dataEnvelope(staffTourPicturesSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: "A tour's pictures in order (position 0 is the main picture), each with its ETag, and the list's ETag (also the answer's ETag header)",
});

export const uploadTourPicture = defineEndpoint({
  method: 'POST',
  path: '/staff/tours/:tour/pictures',
  params: tourPicturesParamsSchema,
  body: uploadTourPictureBodySchema,
  response: dataEnvelope(staffTourPicturesSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: `Uploads a picture as multipart/form-data: \`alt\` (required), \`reason\`, then \`file\` (JPEG, PNG, WebP or AVIF by its bytes, at most ${megabytes} MB, at least ${TOUR_PICTURE_LIMITS.minWidth} px wide, at most ${TOUR_PICTURE_LIMITS.maxSide} × ${TOUR_PICTURE_LIMITS.maxSide} px and ${TOUR_PICTURE_LIMITS.maxPixels / 1_000_000} megapixels). Resized to ${TOUR_PICTURE_WIDTHS.join(', ')} px wide in AVIF, WebP and JPEG, metadata removed, added last. Answers the tour's pictures`,
});

export const updateTourPicture = defineEndpoint({
  method: 'PATCH',
  path: '/staff/tours/:tour/pictures/:picture',
  params: tourPictureParamsSchema,
  body: updateTourPictureBodySchema,
  response: dataEnvelope(staffTourPicturesSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: "Changes a picture's description with the reason; If-Match (the picture's ETag) required: 428 without it, 412 when it changed since",
});

export const reorderTourPictures = defineEndpoint({
  method: 'PUT',
  path: '/staff/tours/:tour/pictures/order',
  params: tourPicturesParamsSchema,
  body: reorderTourPicturesBodySchema,
  response: dataEnvelope(staffTourPicturesSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: "Puts the tour's pictures in this order (the first is the main picture) with the reason; If-Match (the list's ETag) required: 412 when a picture was added, removed or changed since",
});

export const deleteTourPicture = defineEndpoint({
  method: 'POST',
  path: '/staff/tours/:tour/pictures/:picture/delete',
  params: tourPictureParamsSchema,
  body: deleteTourPictureBodySchema,
  response: dataEnvelope(staffTourPicturesSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: "Removes a picture with the reason (the next one becomes the main picture when it was first); If-Match (the picture's ETag) required. Its files are removed once no tour shows them",
});
