import { readFileSync } from 'node:fs';
import { create, type FontkitFont } from 'fontkit';
import { packagePath } from '../../../files.ts';

/**
 * The fonts every document embeds (a subset of the glyphs used): DejaVu
 * Sans for text and DejaVu Serif Bold for the wordmark, shipped in
 * apps/api/assets/fonts with their licence. Never PDF's standard fonts,
 * which a reader substitutes as it likes and which cover only Latin-1, so a
 * name such as 'Zoë Dvořák' or an amount in another currency prints right
 * everywhere.
 */
export const FONTS = {
  regular: 'DejaVuSans',
  bold: 'DejaVuSans-Bold',
  wordmark: 'DejaVuSerif-Bold',
} as const;
export type FontName = (typeof FONTS)[keyof typeof FONTS];

let loaded: Record<FontName, Buffer> | null = null;

/** The font files, read once per process. */
export function fontFiles(): Record<FontName, Buffer> {
  loaded ??= Object.fromEntries(
    Object.values(FONTS).map((name) => [name, readFileSync(packagePath(`assets/fonts/${name}.ttf`))]),
  ) as Record<FontName, Buffer>;
  return loaded;
}

let parsed: Record<FontName, FontkitFont> | null = null;

/**
 * The fonts parsed once per process, for every document to share. Handed a
 * file, pdfkit parses it again for each document, and fontkit decodes its
 * tables lazily, so every document paid for the parsing and for decoding the
 * glyph and layout tables its text touched: about a sixth of the CPU a
 * confirmed booking cost (bench/README.md). A parsed font is only read when a
 * document lays out text and embeds its subset (each document makes its own),
 * so one copy serves every document, one after another or interleaved.
 */
export function parsedFonts(): Record<FontName, FontkitFont> {
  parsed ??= Object.fromEntries(Object.entries(fontFiles()).map(([name, file]) => [name, create(file)])) as Record<FontName, FontkitFont>;
  return parsed;
}
