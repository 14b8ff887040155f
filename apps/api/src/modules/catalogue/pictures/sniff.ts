import type { TourPictureUploadType } from '@tours/domain';

/**
 * What an upload's bytes are, by their signature alone: the file's name and
 * the type the browser declared are the uploader's to choose, so neither is
 * read. Only the four formats a tour picture may be; anything else (a text
 * file called photo.jpg, HEIC, GIF, SVG with its scripts) is null.
 */
export function sniffImageType(bytes: Uint8Array): TourPictureUploadType | null {
  const at = (offset: number, signature: readonly number[]) => signature.every((byte, index) => bytes[offset + index] === byte);
  const ascii = (offset: number, text: string) => at(offset, [...text].map((char) => char.charCodeAt(0)));

  // JPEG: SOI then a marker (APP0 JFIF, APP1 Exif, a quantisation table...).
  if (at(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}

/**
 * AVIF is an ISO-BMFF file whose first box is `ftyp` naming the brand `avif`
 * (a still picture) or `avis` (a sequence) as its major or a compatible
 * brand. HEIC has the same box with other brands, and is refused.
 */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxSize = view.getUint32(0);
  const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (text(4) !== 'ftyp' || boxSize < 16 || boxSize > Math.min(bytes.length, 4096) || boxSize % 4 !== 0) return false;
  // Major brand at 8, minor version at 12, then compatible brands to the end of the box.
  const brands = [text(8)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(text(offset));
  return brands.includes('avif') || brands.includes('avis');
}
