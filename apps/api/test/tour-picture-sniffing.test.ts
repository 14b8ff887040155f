import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../src/modules/catalogue/pictures/sniff.ts';
import { widthsFor } from '../src/modules/catalogue/pictures/resize.ts';

/** What an upload is, from its bytes alone (no database). */
describe('sniffing an uploaded picture', () => {
  const drawn = (format: 'jpeg' | 'png' | 'webp' | 'avif') =>
    sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })[format]().toBuffer();

  it('knows the four formats a tour picture may be by their signatures', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) expect(sniffImageType(await drawn(format)), format).toBe(format);
  });

  it('refuses everything else, whatever its name or declared type would say', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic')]);
    const samples: [string, Buffer][] = [
      ['text', Buffer.from('hello, I am a JPEG')],
      ['empty', Buffer.alloc(0)],
      ['GIF', await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).gif().toBuffer()],
      ['TIFF', await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).tiff().toBuffer()],
      ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['HEIC', heic],
      ['PDF', Buffer.from('%PDF-1.7\n')],
      ['RIFF but WAVE', Buffer.from('RIFF\0\0\0\0WAVEfmt ')],
      ['half a PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
      ['an ftyp box longer than the file', Buffer.concat([Buffer.from([0, 0, 1, 0]), Buffer.from('ftypavif'), Buffer.alloc(4)])],
    ];
    for (const [name, bytes] of samples) expect(sniffImageType(bytes), name).toBeNull();
  });

  it('finds AVIF among the compatible brands too', () => {
    const box = Buffer.concat([Buffer.from([0, 0, 0, 28]), Buffer.from('ftypmif1'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1miafavif')]);
    expect(sniffImageType(box)).toBe('avif');
  });

  it('makes the pages’ widths, never wider than the picture', () => {
    expect(widthsFor(4000)).toEqual([480, 960, 1440]);
    expect(widthsFor(1440)).toEqual([480, 960, 1440]);
    expect(widthsFor(1200)).toEqual([480, 960, 1200]);
  });
});
