import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

/**
 * Pictures for the upload tests, drawn here (a gradient with a band of
 * colour, so every encoder has something to keep) and sent as the console
 * sends them: multipart/form-data with `alt`, `reason` and `file`.
 */

export async function testPicture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg', shade = 0): Promise<Buffer> {
  // Small pictures are drawn pixel by pixel; large ones (the limits' tests) are a flat colour, which costs nothing to encode.
  if (width * height > 4_000_000) {
    return sharp({ create: { width, height, channels: 3, background: { r: 40 + shade, g: 90, b: 160 } } })[format]({ quality: 60 }).toBuffer();
  }
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const band = Math.abs(y - height / 2) < height / 10;
      pixels[at] = band ? 220 : Math.round((255 * x) / width);
      pixels[at + 1] = band ? 140 : (shade + Math.round((255 * y) / height)) % 256;
      pixels[at + 2] = band ? 40 : 160;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).withExif({ IFD0: { Copyright: 'Camera owner', Artist: 'Someone' } });
  return format === 'avif' ? image.avif({ quality: 50, effort: 0 }).toBuffer() : image[format]().toBuffer();
}

export interface UploadParts {
  alt?: string;
  reason?: string;
  file?: Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body and its headers for app.inject. */
export function multipartBody(parts: UploadParts): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tour-picture-${randomUUID()}`;
  const chunks: Buffer[] = [];
  const field = (name: string, value: string) =>
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (parts.alt !== undefined) field('alt', parts.alt);
  if (parts.reason !== undefined) field('reason', parts.reason);
  if (parts.file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${parts.filename ?? 'picture.jpg'}"\r\nContent-Type: ${parts.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      parts.file,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
