import { addressLines, OPERATOR, regionContact } from '@tours/domain';
import PDFDocument from 'pdfkit';
import { FONTS, parsedFonts } from './fonts.ts';

/**
 * The page furniture and building blocks every booking document shares: A4,
 * the operator's marks and heading on every page, its address and page
 * numbers in the footer, and headings, label-value lists and tables that
 * break across pages cleanly. Templates (templates-*.ts) only say what goes
 * on the page.
 */

export const COLOURS = {
  ...OPERATOR.colours,
  text: '#1d1d1f',
  muted: '#55524c',
  rule: '#c9c3b6',
  /** The web logo's darker gold for small text, readable on white. */
  strapline: '#8c6420',
} as const;

const PAGE = { size: 'A4', margins: { top: 118, bottom: 84, left: 50, right: 50 } } as const;
const FOOTER_RULE_FROM_BOTTOM = 64;

export interface DocumentMeta {
  /** 'Booking confirmation' */
  heading: string;
  reference: string;
  /** What the reference is, printed before it: 'Booking reference' unless told (a departure's documents name the departure). */
  referenceLabel?: string;
  /** A4 turned on its side, for lists of many columns. */
  landscape?: boolean;
  /** The day it is drawn, as printed: '4 March 2027'. */
  issuedOn: string;
  now: Date;
}

export interface Column {
  header: string;
  /** Share of the text width. */
  width: number;
  align?: 'left' | 'right';
}

export interface Row {
  cells: string[];
  bold?: boolean;
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly finished: Promise<Buffer>;

  constructor(private readonly meta: DocumentMeta) {
    this.doc = new PDFDocument({
      size: PAGE.size,
      layout: meta.landscape ? 'landscape' : 'portrait',
      margins: PAGE.margins,
      bufferPages: true,
      lang: 'en-GB',
      displayTitle: true,
      info: {
        Title: `${meta.heading} ${meta.reference}`,
        Author: OPERATOR.companyName,
        Subject: `${meta.heading} for ${meta.referenceLabel ? meta.referenceLabel.toLowerCase() : 'booking'} ${meta.reference}`,
        Creator: OPERATOR.companyName,
        CreationDate: meta.now,
        ModDate: meta.now,
      },
    });
    // Fonts parsed once per process (fonts.ts); pdfkit takes a parsed font as it takes a file, and embeds this document's subset of it.
    for (const [name, font] of Object.entries(parsedFonts())) this.doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
    // The marks and heading open every page's content, so they come first when the page is read aloud or copied.
    this.drawHeader();
    this.doc.on('pageAdded', () => this.drawHeader());
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.finished = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  get width(): number {
    return this.doc.page.width - PAGE.margins.left - PAGE.margins.right;
  }

  private get left(): number {
    return PAGE.margins.left;
  }

  private get bottom(): number {
    return this.doc.page.height - PAGE.margins.bottom;
  }

  /** A new page when less than `height` points are left on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  heading(text: string): void {
    this.ensureSpace(60);
    this.doc.moveDown(0.8);
    this.doc.font(FONTS.bold).fontSize(12.5).fillColor(COLOURS.primary).text(text, this.left, this.doc.y, { width: this.width });
    const y = this.doc.y + 2;
    this.doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.6).strokeColor(COLOURS.accent).stroke();
    this.doc.y = y + 6;
    this.bodyText();
  }

  paragraph(text: string, options: { bold?: boolean; size?: number; colour?: string } = {}): void {
    const style = () =>
      this.doc
        .font(options.bold ? FONTS.bold : FONTS.regular)
        .fontSize(options.size ?? 10)
        .fillColor(options.colour ?? COLOURS.text);
    style();
    this.ensureSpace(this.doc.heightOfString(text, { width: this.width, lineGap: 1.5 }) + 4);
    // A new page starts in the body style: set this one again.
    style();
    this.doc.text(text, this.left, this.doc.y, { width: this.width, lineGap: 1.5 });
    this.doc.moveDown(0.5);
    this.bodyText();
  }

  /** Label and value side by side, one pair a line. */
  details(pairs: readonly (readonly [string, string])[]): void {
    const labelWidth = 150;
    const valueWidth = this.width - labelWidth;
    for (const [label, value] of pairs) {
      this.doc.fontSize(10);
      const height = Math.max(this.doc.font(FONTS.bold).heightOfString(label, { width: labelWidth - 8 }), this.doc.font(FONTS.regular).heightOfString(value || ' ', { width: valueWidth }));
      this.ensureSpace(height + 4);
      const y = this.doc.y;
      this.doc.font(FONTS.bold).fillColor(COLOURS.muted).text(label, this.left, y, { width: labelWidth - 8 });
      this.doc.font(FONTS.regular).fillColor(COLOURS.text).text(value || ' ', this.left + labelWidth, y, { width: valueWidth });
      this.doc.y = y + height + 4;
    }
  }

  /** A table with a shaded header row, repeated on every page it runs onto. */
  table(columns: readonly Column[], rows: readonly Row[], options: { size?: number } = {}): void {
    const padding = 5;
    const size = options.size ?? 9.5;
    const widths = columns.map((column) => column.width * this.width);
    const cellHeight = (cells: readonly string[], bold: boolean) => {
      this.doc.font(bold ? FONTS.bold : FONTS.regular).fontSize(size);
      return Math.max(...cells.map((cell, i) => this.doc.heightOfString(cell || ' ', { width: widths[i]! - 2 * padding }))) + 2 * padding;
    };
    const drawRow = (cells: readonly string[], options: { bold: boolean; shaded: boolean }) => {
      const height = cellHeight(cells, options.bold);
      const y = this.doc.y;
      if (options.shaded) this.doc.rect(this.left, y, this.width, height).fill(COLOURS.surface);
      let x = this.left;
      cells.forEach((cell, i) => {
        this.doc
          .font(options.bold ? FONTS.bold : FONTS.regular)
          .fontSize(size)
          .fillColor(options.shaded ? COLOURS.primary : COLOURS.text)
          .text(cell || ' ', x + padding, y + padding, { width: widths[i]! - 2 * padding, align: columns[i]!.align ?? 'left' });
        x += widths[i]!;
      });
      this.doc.moveTo(this.left, y + height).lineTo(this.left + this.width, y + height).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
      this.doc.y = y + height;
    };
    const header = columns.map((column) => column.header);
    // The header never stands alone at the foot of a page.
    this.ensureSpace(cellHeight(header, true) + cellHeight(rows[0]?.cells ?? [' '], false));
    drawRow(header, { bold: true, shaded: true });
    for (const row of rows) {
      if (this.doc.y + cellHeight(row.cells, row.bold ?? false) > this.bottom) {
        this.doc.addPage();
        drawRow(header, { bold: true, shaded: true });
      }
      drawRow(row.cells, { bold: row.bold ?? false, shaded: false });
    }
    this.doc.moveDown(0.6);
    this.bodyText();
  }

  /** Draws the footer, which needs the page count, on every page and answers the finished file. */
  async finish(): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      this.doc.switchToPage(index);
      this.drawFooter(index - range.start + 1, range.count);
    }
    this.doc.end();
    return this.finished;
  }

  private drawHeader(): void {
    const doc = this.doc;
    drawLogoMark(doc, this.left, 36, 40);
    doc.font(FONTS.wordmark).fontSize(19).fillColor(COLOURS.primary).text('Meridian', this.left + 48, 40, { lineBreak: false });
    // The logo spaces these letters out; here they stay together, so the words read and copy as words.
    doc.font(FONTS.bold).fontSize(9.2).fillColor(COLOURS.strapline).text('ESCORTED TOURS', this.left + 48.5, 63, { lineBreak: false });
    const right = { width: 260, align: 'right' as const };
    const x = this.left + this.width - right.width;
    doc.font(FONTS.bold).fontSize(16).fillColor(COLOURS.primary).text(this.meta.heading, x, 38, right);
    doc.font(FONTS.regular).fontSize(9.5).fillColor(COLOURS.text).text(`${this.meta.referenceLabel ?? 'Booking reference'} ${this.meta.reference}`, x, doc.y + 2, right);
    doc.fillColor(COLOURS.muted).text(`Issued ${this.meta.issuedOn}`, x, doc.y + 1, right);
    doc.moveTo(this.left, 96).lineTo(this.left + this.width, 96).lineWidth(1.2).strokeColor(COLOURS.accent).stroke();
    // The page's content starts below, in the body text style.
    doc.x = this.left;
    doc.y = PAGE.margins.top;
    this.bodyText();
  }

  private bodyText(): void {
    this.doc.font(FONTS.regular).fontSize(10).fillColor(COLOURS.text);
  }

  private drawFooter(page: number, pages: number): void {
    const doc = this.doc;
    const y = doc.page.height - FOOTER_RULE_FROM_BOTTOM;
    // Writing below the bottom margin would start a new page; the footer lives there, so the margin steps aside while it is drawn.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    const contact = regionContact('DEFAULT');
    const footer = `${addressLines(contact.address).join(', ')}\nTelephone ${contact.phone} · ATOL ${OPERATOR.atolNumber}`;
    doc.font(FONTS.regular).fontSize(7.5).fillColor(COLOURS.muted).text(footer, this.left, y + 8, { width: this.width - 80, lineGap: 1 });
    doc.text(`Page ${page} of ${pages}`, this.left + this.width - 80, y + 8, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}

/**
 * The operator's mark as drawn in apps/web/public/logo.svg (a globe with a
 * gold meridian), in vectors, so it is sharp at any zoom and in print.
 * `size` is the mark's width and height.
 */
function drawLogoMark(doc: PDFKit.PDFDocument, x: number, y: number, size: number): void {
  const s = size / 48;
  const cx = x + 24 * s;
  const cy = y + 24 * s;
  doc.save();
  doc.circle(cx, cy, 22 * s).fill(COLOURS.primary);
  doc.lineWidth(1.6 * s).strokeColor(COLOURS.surface);
  doc.circle(cx, cy, 15.5 * s).stroke();
  doc.ellipse(cx, cy, 6.5 * s, 15.5 * s).stroke();
  doc.moveTo(x + 8.5 * s, cy).lineTo(x + 39.5 * s, cy).stroke();
  doc.lineWidth(3 * s).lineCap('round').strokeColor(COLOURS.accent);
  doc.moveTo(cx, y + 3 * s).lineTo(cx, y + 45 * s).stroke();
  doc.restore();
}
