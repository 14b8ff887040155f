import { expect, type APIRequestContext, type Locator } from '@playwright/test';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reading the PDFs the site serves (booking documents, the confirmation
 * e-mail's attachment) in browser tests, with pdf.js's legacy build (Node
 * 20), as a viewer reads them: each page's text, page sizes and fonts.
 * The API tests read them the same way (apps/api/test/pdf-reading.ts).
 */

export interface PdfReading {
  /** Each page's text, white space collapsed. */
  pages: string[];
  /** All the text, pages joined by a space. */
  text: string;
  /** [width, height] of each page in points. */
  pageSizes: [number, number][];
  /** Every font drawn with, and whether its file is in the PDF. */
  fonts: { name: string; embedded: boolean }[];
}

/** A4 in PDF points (210 x 297 mm). */
export const A4: [number, number] = [595.28, 841.89];

export async function readPdf(content: Uint8Array): Promise<PdfReading> {
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
      const operators = await page.getOperatorList();
      operators.fnArray.forEach((fn, index) => {
        if (fn !== OPS.setFont) return;
        const font = page.commonObjs.get(operators.argsArray[index][0] as string) as { name?: string; missingFile?: boolean };
        fonts.set(font.name ?? '', !font.missingFile);
      });
    }
    return { pages, text: pages.join(' '), pageSizes, fonts: [...fonts].map(([name, embedded]) => ({ name, embedded })) };
  } finally {
    await pdf.destroy();
  }
}

export interface FetchedPdf {
  reading: PdfReading;
  contentType: string | undefined;
  /** The file name of the Content-Disposition header, if any. */
  fileName: string | undefined;
}

/**
 * Fetches a PDF the way its link opens it (a document's url carries its own
 * token, so no sign-in is sent) and reads it. Checks it is a PDF.
 */
export async function fetchPdf(request: APIRequestContext, url: string): Promise<FetchedPdf> {
  const response = await request.get(url);
  expect(response.status(), `${url}: ${response.status()}`).toBe(200);
  const headers = response.headers();
  expect(headers['content-type']).toBe('application/pdf');
  const fileName = /filename="?([^";]+)"?/.exec(headers['content-disposition'] ?? '')?.[1];
  return { reading: await readPdf(await response.body()), contentType: headers['content-type'], fileName };
}

/**
 * The PDF a download link on the page points at: its href, fetched and read.
 * The link opens a new tab in the browser; reading the file it names tests
 * what that tab shows without depending on the browser's PDF viewer.
 */
export async function pdfBehindLink(request: APIRequestContext, link: Locator): Promise<FetchedPdf> {
  const href = await link.getAttribute('href');
  expect(href, 'the link has an href').toBeTruthy();
  // Relative to the site (the API answers '/api/...'), as the browser resolves it.
  return fetchPdf(request, href!);
}

/**
 * The attachments of the e-mail sent to `to` whose subject matches, as
 * /dev/mailbox.json lists them, each fetched and read. Waits for the relay.
 */
export async function mailAttachments(request: APIRequestContext, { to, subject, timeout = 20_000 }: { to: string; subject: RegExp; timeout?: number }) {
  let attachments: { filename: string; content_type: string; url: string }[] = [];
  await expect(async () => {
    const response = await request.get('/dev/mailbox.json');
    const items = (await response.json()).data.items as { to: string; subject: string; attachments: typeof attachments }[];
    const message = items.find((item) => item.to === to && subject.test(item.subject));
    expect(message, `an e-mail to ${to}`).toBeDefined();
    attachments = message!.attachments;
  }).toPass({ timeout, intervals: [250, 500, 1_000] });
  return Promise.all(attachments.map(async (attachment) => ({ ...attachment, ...(await fetchPdf(request, attachment.url)) })));
}

/** Every page A4 and every font embedded: what a document must be wherever it is opened or printed. */
export function expectPrintReady(reading: PdfReading): void {
  expect(reading.pageSizes.length).toBeGreaterThan(0);
  for (const [width, height] of reading.pageSizes) {
    expect(width).toBeCloseTo(A4[0], 1);
    expect(height).toBeCloseTo(A4[1], 1);
  }
  expect(reading.fonts.length).toBeGreaterThan(0);
  for (const font of reading.fonts) expect(font.embedded, font.name).toBe(true);
}
