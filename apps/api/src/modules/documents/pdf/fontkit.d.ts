// fontkit ships no types; the documents use only create(), and hand its font to pdfkit as is.
declare module 'fontkit' {
  /** A parsed font: pdfkit recognises one by its layout() and embeds a subset of it per document. */
  export interface FontkitFont {
    layout(text: string, features?: unknown): unknown;
    postscriptName: string;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}
