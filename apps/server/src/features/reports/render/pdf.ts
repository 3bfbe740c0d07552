import type { ReportDocument, ReportFact, ReportPhoto, ReportTable } from '../report-document';
import { generatedText, periodText } from './display';
import {
  COLORS,
  drawLine,
  drawTable,
  type Flow,
  FONTS,
  layoutTable,
  type TableLayout,
  tableStartHeight,
} from './pdf-table';
import { drawable } from './pdf-text';

/**
 * The report as a Letter-size PDF in the built-in Helvetica (landscape when the document asks,
 * for wide tables): on every page a header (title, account, period) and a footer ('Page N of M');
 * page 1 opens with the report's facts and notes and the summary, then each section follows
 * (heading, facts, table, its photos' thumbnails). A section that fits on a page is never split:
 * it starts on the next page when the current one has no room for it.
 *
 * Two passes: the first lays every table out and turns the pages without drawing, which gives
 * M; the second draws, each page with its frame, and pdfkit compresses and lets go of every page
 * as soon as the next begins. (Buffering the pages to number them at the end held all of them
 * uncompressed: three times the memory and twice the time at 1,000 locations.)
 */

interface PageSize {
  width: number;
  height: number;
}
const PORTRAIT: PageSize = { width: 612, height: 792 };
const LANDSCAPE: PageSize = { width: 792, height: 612 };
const MARGIN_X = 40;
const BODY_TOP = 74;
const FOOTER_HEIGHT = 52;
const SECTION_GAP = 16;
/** A section longer than a page starts where it is when its heading, facts and this many rows fit. */
const MIN_ROWS_BEFORE_BREAK = 3;
const FACT_COLUMNS = 4;
/** A photo's thumbnail box, the gap between two, and its caption's size and lines at most. */
const THUMB = { width: 96, height: 72, gap: 8, captionSize: 7, captionLines: 2 };

const pageOf = (document: ReportDocument): PageSize => (document.landscape ? LANDSCAPE : PORTRAIT);

class PageFlow implements Flow {
  y = BODY_TOP;
  page = 1;
  readonly left = MARGIN_X;
  readonly width: number;
  readonly bottom: number;

  /** `onPage` runs as each page begins when painting (page 1 included). */
  constructor(
    readonly doc: PDFKit.PDFDocument,
    size: PageSize,
    readonly paint: boolean,
    private readonly onPage: (page: number) => void = () => {},
  ) {
    this.width = size.width - 2 * MARGIN_X;
    this.bottom = size.height - FOOTER_HEIGHT;
    if (paint) onPage(1);
  }

  get atTop(): boolean {
    return this.y === BODY_TOP;
  }

  get room(): number {
    return this.bottom - this.y;
  }

  newPage(): void {
    this.page++;
    this.y = BODY_TOP;
    if (this.paint) {
      this.doc.addPage();
      this.onPage(this.page);
    }
  }
}

/** `text` cut with '…' to fit `width` in the current font. */
function fitted(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

function drawPageFrame(doc: PDFKit.PDFDocument, document: ReportDocument, page: number, pages: number): void {
  const size = pageOf(document);
  const width = size.width - 2 * MARGIN_X;
  const half = width / 2 - 6;
  doc.font(FONTS.bold).fontSize(11).fillColor(COLORS.brand);
  doc.text(fitted(doc, drawable(document.title), half), MARGIN_X, 30, { lineBreak: false });
  if (document.accountName) {
    doc.font(FONTS.bold).fontSize(10).fillColor(COLORS.text);
    const account = fitted(doc, drawable(document.accountName), half);
    doc.text(account, size.width - MARGIN_X - doc.widthOfString(account), 31, { lineBreak: false });
  }
  const period = periodText(document);
  if (period) {
    doc.font(FONTS.regular).fontSize(9).fillColor(COLORS.muted);
    doc.text(drawable(period), MARGIN_X, 45, { lineBreak: false });
  }
  doc
    .moveTo(MARGIN_X, 60)
    .lineTo(size.width - MARGIN_X, 60)
    .lineWidth(1)
    .strokeColor(COLORS.brand)
    .stroke();
  const footerY = size.height - 38;
  doc
    .moveTo(MARGIN_X, footerY - 6)
    .lineTo(size.width - MARGIN_X, footerY - 6)
    .lineWidth(0.5)
    .strokeColor('#b0b8c0')
    .stroke();
  doc.font(FONTS.regular).fontSize(8).fillColor(COLORS.muted);
  doc.text(drawable(generatedText(document)), MARGIN_X, footerY, { lineBreak: false });
  const pageText = `Page ${page} of ${pages}`;
  doc.text(pageText, size.width - MARGIN_X - doc.widthOfString(pageText), footerY, { lineBreak: false });
}

/** Facts as a grid of small labels over bold values, four to a row; returns their height. */
function drawFacts(flow: PageFlow, facts: ReportFact[], draw: boolean): number {
  const { doc } = flow;
  const columnWidth = flow.width / FACT_COLUMNS;
  let height = 0;
  for (let start = 0; start < facts.length; start += FACT_COLUMNS) {
    const row = facts.slice(start, start + FACT_COLUMNS);
    doc.font(FONTS.regular).fontSize(7.5);
    const labelHeight = doc.currentLineHeight(true);
    doc.font(FONTS.bold).fontSize(9.5);
    const valueHeight = Math.max(
      ...row.map((fact) => doc.heightOfString(drawable(fact.value), { width: columnWidth - 8 })),
    );
    if (draw) {
      row.forEach((fact, index) => {
        const x = flow.left + index * columnWidth;
        const y = flow.y + height;
        doc.font(FONTS.regular).fontSize(7.5).fillColor(COLORS.muted);
        doc.text(drawable(fact.label), x, y, { width: columnWidth - 8 });
        doc.font(FONTS.bold).fontSize(9.5).fillColor(COLORS.text);
        doc.text(drawable(fact.value), x, y + labelHeight, { width: columnWidth - 8 });
      });
    }
    height += labelHeight + valueHeight + 6;
  }
  return height;
}

function headingHeight(flow: PageFlow, heading: string): number {
  flow.doc.font(FONTS.bold).fontSize(13);
  return flow.doc.heightOfString(drawable(heading), { width: flow.width }) + 4;
}

function emptyTextHeight(flow: PageFlow, table: ReportTable): number {
  flow.doc.font(FONTS.italic).fontSize(9);
  return flow.doc.heightOfString(drawable(table.emptyText), { width: flow.width });
}

/**
 * A heading, its facts and its table. Whole on the current page when it fits, else on the next
 * when it fits on one page; a longer one starts here if its start fits, else on the next page.
 */
function drawSection(
  flow: PageFlow,
  layouts: Layouts,
  heading: string | null,
  facts: ReportFact[],
  table: ReportTable,
): void {
  const layout = layouts.take(flow, table);
  const gap = flow.atTop ? 0 : SECTION_GAP;
  const intro = (heading ? headingHeight(flow, heading) : 0) + drawFacts(flow, facts, false);
  const body = layout ? tableStartHeight(layout, layout.rows.length) : emptyTextHeight(flow, table);
  const start = layout ? tableStartHeight(layout, MIN_ROWS_BEFORE_BREAK) : body;
  const whole = gap + intro + body;
  const fitsHere = whole <= flow.room;
  const fitsOnAPage = intro + body <= flow.bottom - BODY_TOP;
  if (!flow.atTop && !fitsHere && (fitsOnAPage || gap + intro + start > flow.room)) flow.newPage();
  else flow.y += gap;
  if (heading) {
    drawLine(flow, drawable(heading), FONTS.bold, 13, COLORS.brand);
    flow.y += 4;
  }
  flow.y += drawFacts(flow, facts, flow.paint);
  if (layout) drawTable(flow, layout, heading ? drawable(`${heading} (continued)`) : null);
  else drawLine(flow, drawable(table.emptyText), FONTS.italic, 9, COLORS.muted);
}

/** A section's photos as rows of thumbnails with their captions; a row that does not fit goes to the next page. */
function drawPhotos(flow: PageFlow, photos: readonly ReportPhoto[]): void {
  const { doc } = flow;
  const perRow = Math.max(1, Math.floor((flow.width + THUMB.gap) / (THUMB.width + THUMB.gap)));
  doc.font(FONTS.regular).fontSize(THUMB.captionSize);
  const captionHeight = doc.currentLineHeight(true) * THUMB.captionLines;
  const rowHeight = 6 + THUMB.height + 2 + captionHeight;
  for (let start = 0; start < photos.length; start += perRow) {
    if (flow.y + rowHeight > flow.bottom) flow.newPage();
    if (flow.paint) {
      photos.slice(start, start + perRow).forEach((photo, index) => {
        const x = flow.left + index * (THUMB.width + THUMB.gap);
        doc.image(Buffer.from(photo.image), x, flow.y + 6, { fit: [THUMB.width, THUMB.height] });
        doc.font(FONTS.regular).fontSize(THUMB.captionSize).fillColor(COLORS.muted);
        doc.text(drawable(photo.caption), x, flow.y + 8 + THUMB.height, {
          width: THUMB.width,
          height: captionHeight,
          ellipsis: true,
        });
      });
    }
    flow.y += rowHeight;
  }
}

function drawNotes(flow: PageFlow, notes: string[]): void {
  for (const note of notes) {
    drawLine(flow, drawable(note), FONTS.regular, 8.5, COLORS.muted);
    flow.y += 2;
  }
}

/** Each table laid out once: by the measuring pass, then handed to the drawing pass and let go. */
class Layouts {
  private readonly laid = new Map<ReportTable, TableLayout | null>();

  take(flow: PageFlow, table: ReportTable): TableLayout | null {
    const known = this.laid.get(table);
    if (known !== undefined) {
      this.laid.delete(table);
      return known;
    }
    const layout = table.rows.length > 0 ? layoutTable(flow.doc, table, flow.width) : null;
    if (!flow.paint) this.laid.set(table, layout);
    return layout;
  }
}

function drawBody(flow: PageFlow, layouts: Layouts, document: ReportDocument): void {
  flow.y += drawFacts(flow, document.facts, flow.paint);
  drawNotes(flow, document.notes);
  if (document.facts.length > 0 || document.notes.length > 0) flow.y += 6;
  if (document.summary) {
    drawSection(flow, layouts, document.sections.length > 0 ? 'Summary' : null, [], document.summary);
  }
  for (const section of document.sections) {
    drawSection(flow, layouts, section.heading, section.facts, section.table);
    drawPhotos(flow, section.photos ?? []);
  }
}

/** pdfkit is loaded by the first PDF drawn: a thread that draws none (the API's, the job worker's) never loads it. */
export async function reportPdf(document: ReportDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const size = pageOf(document);
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: document.landscape ? 'landscape' : 'portrait',
    // The layout keeps to its own bounds; pdfkit's margins would add pages on their own.
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    info: {
      Title: drawable(
        [document.title, document.accountName, periodText(document)].filter(Boolean).join(' – '),
      ),
      Author: 'Pluvio',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const layouts = new Layouts();
  const measured = new PageFlow(doc, size, false);
  drawBody(measured, layouts, document);
  const pages = measured.page;
  drawBody(
    new PageFlow(doc, size, true, (page) => drawPageFrame(doc, document, page, pages)),
    layouts,
    document,
  );
  doc.end();
  return done;
}
