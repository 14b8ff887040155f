import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * What a PDF says and how it is made, read with pdf.js (its legacy build,
 * for Node 20) as a viewer reads it: the text of each page, the page sizes,
 * the fonts drawn with and the document's information.
 */
export interface PdfReading {
  /** Each page's text, white space collapsed. */
  pages: string[];
  /** All the text, pages joined by a space. */
  text: string;
  /** [width, height] of each page in points. */
  pageSizes: [number, number][];
  /** Every font the pages draw with: its name and whether its file is in the PDF. */
  fonts: { name: string; embedded: boolean }[];
  info: Record<string, unknown>;
}

interface LoadedFont {
  name?: string;
  missingFile?: boolean;
}

export async function readPdf(content: Uint8Array): Promise<PdfReading> {
  // pdf.js takes the buffer over: give it a copy.
  const pdf = await getDocument({ data: new Uint8Array(content), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    const pageSizes: [number, number][] = [];
    const fonts = new Map<string, boolean>();
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      pageSizes.push([x1 - x0, y1 - y0]);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
      // Drawing the page loads its fonts; pdf.js marks one whose file the PDF lacks as missingFile.
      const operators = await page.getOperatorList();
      operators.fnArray.forEach((fn, index) => {
        if (fn !== OPS.setFont) return;
        const font = page.commonObjs.get(operators.argsArray[index][0] as string) as LoadedFont;
        fonts.set(font.name ?? '', !font.missingFile);
      });
    }
    const { info } = await pdf.getMetadata();
    return { pages, text: pages.join(' '), pageSizes, fonts: [...fonts].map(([name, embedded]) => ({ name, embedded })), info: info as Record<string, unknown> };
  } finally {
    await pdf.destroy();
  }
}

/** A4 in PDF points (210 x 297 mm). */
export const A4: [number, number] = [595.28, 841.89];
