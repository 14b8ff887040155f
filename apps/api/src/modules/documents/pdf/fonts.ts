import { readFileSync } from 'node:fs';

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
    Object.values(FONTS).map((name) => [name, readFileSync(new URL(`../../../../assets/fonts/${name}.ttf`, import.meta.url))]),
  ) as Record<FontName, Buffer>;
  return loaded;
}
