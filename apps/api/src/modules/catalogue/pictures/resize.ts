import { createHash } from 'node:crypto';
import { TOUR_PICTURE_FORMATS, TOUR_PICTURE_LIMITS, TOUR_PICTURE_MESSAGES, TOUR_PICTURE_WIDTHS, type TourPictureUploadType } from '@tours/domain';
import sharp from 'sharp';
import { validationFailed } from '../../../lib/http-error.ts';
import { sniffImageType } from './sniff.ts';

/**
 * An uploaded picture made into the files the tour pages use: checked
 * (format from the bytes, size, dimensions), turned upright by its EXIF
 * orientation, resized to each width in AVIF, WebP and JPEG, metadata
 * stripped (sharp keeps none unless asked: no camera, no place, no owner).
 */

type Format = (typeof TOUR_PICTURE_FORMATS)[number];

/** Close to the demo pictures' (scripts/render-tour-pictures.mjs), at a lower effort: staff wait for an upload, nobody waits for the render script. */
const ENCODERS = {
  avif: { quality: 52, effort: 4, chromaSubsampling: '4:2:0' },
  webp: { quality: 78, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true, progressive: true },
} as const satisfies Record<Format, object>;

export const CONTENT_TYPES: Readonly<Record<Format, string>> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** sharp's name for each format we accept (AVIF is read by its HEIF loader). */
const SHARP_FORMAT: Readonly<Record<TourPictureUploadType, string>> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };

export interface PictureFile {
  width: number;
  format: Format;
  contentType: string;
  bytes: Buffer;
}

export interface PreparedPicture {
  /** The largest file's size. */
  width: number;
  height: number;
  widths: number[];
  formats: Format[];
  files: PictureFile[];
}

const refuse = (message: string) => validationFailed({ file: message });

/** The widths to make: the pages' widths narrower than the picture, then the largest it allows (never enlarged). */
export function widthsFor(width: number): number[] {
  const largest = Math.min(width, Math.max(...TOUR_PICTURE_WIDTHS));
  return [...TOUR_PICTURE_WIDTHS.filter((candidate) => candidate < largest), largest];
}

/** The format and upright dimensions, from the header alone, before anything is decoded. A refusal is a 400 naming the file. */
export async function inspectPicture(bytes: Buffer): Promise<{ type: TourPictureUploadType; width: number; height: number }> {
  if (bytes.length > TOUR_PICTURE_LIMITS.maxBytes) throw refuse(TOUR_PICTURE_MESSAGES.fileTooLarge);
  const type = sniffImageType(bytes);
  if (!type) throw refuse(TOUR_PICTURE_MESSAGES.fileType);
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(TOUR_PICTURE_MESSAGES.unreadable);
  }
  // The signature said one format and the decoder found another (a PNG header on a GIF): not what it claims.
  if (metadata.format !== SHARP_FORMAT[type] || (type === 'avif' && metadata.compression !== 'av1')) throw refuse(TOUR_PICTURE_MESSAGES.fileType);
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw refuse(TOUR_PICTURE_MESSAGES.unreadable);
  if (width > TOUR_PICTURE_LIMITS.maxSide || height > TOUR_PICTURE_LIMITS.maxSide) throw refuse(TOUR_PICTURE_MESSAGES.tooBig);
  if (width * height > TOUR_PICTURE_LIMITS.maxPixels) throw refuse(TOUR_PICTURE_MESSAGES.tooManyPixels);
  if (width < TOUR_PICTURE_LIMITS.minWidth) throw refuse(TOUR_PICTURE_MESSAGES.tooNarrow);
  if (height < TOUR_PICTURE_LIMITS.minHeight) throw refuse(TOUR_PICTURE_MESSAGES.tooShort);
  return { type, width, height };
}

/** Of the original bytes and the settings that make the files: the same upload, the same names, known before any resizing. */
export const pictureHash = (bytes: Buffer): string =>
  createHash('sha256')
    .update(bytes)
    .update(JSON.stringify({ TOUR_PICTURE_WIDTHS, ENCODERS, sharp: sharp.versions.sharp }))
    .digest('hex')
    .slice(0, 12);

export async function preparePicture(bytes: Buffer): Promise<PreparedPicture> {
  const { width } = await inspectPicture(bytes);
  const widths = widthsFor(width);
  const formats = [...TOUR_PICTURE_FORMATS];
  let source: sharp.Sharp;
  try {
    // Decoded once, upright; the pixel limit is the domain's, so nothing larger than the checks allowed is ever decoded.
    // Each width starts from the same decoded picture (clone), in sRGB without its profile or metadata.
    source = sharp(bytes, { limitInputPixels: TOUR_PICTURE_LIMITS.maxPixels, failOn: 'error' }).autoOrient();
    const files: PictureFile[] = [];
    let height = 0;
    for (const target of widths) {
      const resized = source.clone().resize({ width: target, withoutEnlargement: true });
      for (const format of formats) {
        const { data, info } = await resized.clone()[format](ENCODERS[format] as never).toBuffer({ resolveWithObject: true });
        files.push({ width: target, format, contentType: CONTENT_TYPES[format], bytes: data });
        if (target === widths.at(-1)) height = info.height;
      }
    }
    return { width: widths.at(-1)!, height, widths, formats, files };
  } catch (error) {
    // A header that read well over pixels that do not (a truncated file): the picture is damaged, not the server.
    if (error instanceof Error && /Input|VipsJpeg|corrupt|premature|truncated|unexpected end|pngload|webpload|heifload/i.test(error.message)) {
      throw refuse(TOUR_PICTURE_MESSAGES.unreadable);
    }
    throw error;
  }
}
