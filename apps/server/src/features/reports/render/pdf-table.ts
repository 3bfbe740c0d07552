import type { ColumnKind, ReportTable } from '../report-document';
import { cellText, isNumeric } from './display';
import { drawable } from './pdf-text';

/**
 * Tables in the PDF: every column sized to fit the page width, every row measured before it is
 * drawn (long text wraps inside its cell), and a table that runs past the page bottom continues
 * on the next page under its header row again. No row is ever cut by a page break, no column by
 * the right edge.
 */

type Doc = PDFKit.PDFDocument;

export const FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;
export const COLORS = {
  text: '#1a1a1a',
  muted: '#4a4a4a',
  brand: '#0b4f8a',
  header: '#e8eef4',
  stripe: '#f3f6f9',
};

/** A cell's text size (a header cell's smaller) and its padding. */
const CELL = { size: 8.5, headerSize: 8, padX: 4, padY: 3 };
/** Columns other than text never get narrower than this when the page is too narrow for all. */
const MIN_TEXT_COLUMN = 54;
/** A row never grows past this: its longest cells end with '…' so that it fits on one page. */
const MAX_ROW_HEIGHT = 320;

/**
 * The page area a table is drawn into, and the move to the next page when it is full. A flow
 * that does not `paint` only measures: it moves down and turns pages exactly as drawing would.
 */
export interface Flow {
  doc: Doc;
  readonly paint: boolean;
  y: number;
  readonly left: number;
  readonly width: number;
  readonly bottom: number;
  newPage(): void;
}

interface LaidCell {
  text: string;
  textWidth: number;
  wraps: boolean;
}

interface LaidRow {
  cells: LaidCell[];
  height: number;
}

export interface TableLayout {
  kinds: ColumnKind[];
  widths: number[];
  header: LaidRow;
  rows: LaidRow[];
}

function widestLine(doc: Doc, text: string): number {
  return Math.max(...text.split('\n').map((line) => doc.widthOfString(line)));
}

function widestWord(doc: Doc, text: string): number {
  return Math.max(...text.split(/\s+/).map((word) => doc.widthOfString(word)));
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Widths grown in proportion until they fill `width`. */
function spread(widths: number[], width: number): number[] {
  const scale = width / sum(widths);
  return widths.map((value) => value * scale);
}

/**
 * Widths when the other columns take what they want and the text columns share the rest: small
 * ones keep their width, long ones split what is left and wrap. Null when that leaves a text
 * column too narrow to read.
 */
function shareWithTextColumns(kinds: ColumnKind[], wanted: number[], width: number): number[] | null {
  const textColumns = kinds.flatMap((kind, column) => (kind === 'text' ? [column] : []));
  let free = width - sum(wanted.filter((_, column) => kinds[column] !== 'text'));
  if (free < textColumns.length * MIN_TEXT_COLUMN) return null;
  const widths = [...wanted];
  const bySize = [...textColumns].sort((a, b) => (wanted[a] ?? 0) - (wanted[b] ?? 0));
  bySize.forEach((column, index) => {
    widths[column] = Math.min(wanted[column] ?? 0, free / (bySize.length - index));
    free -= widths[column] ?? 0;
  });
  return widths;
}

/**
 * Column widths, the first that fits: every column as wide as its widest value and its whole
 * header; long text wrapped so the others keep whole headers; headers wrapped between words too;
 * at last everything narrowed in proportion (cells wrap). Spare width is spread in proportion.
 */
function columnWidths(
  doc: Doc,
  kinds: ColumnKind[],
  labels: string[],
  texts: string[][],
  width: number,
): number[] {
  doc.font(FONTS.bold).fontSize(CELL.headerSize);
  const headerWhole = labels.map((label) => widestLine(doc, label) + 2 * CELL.padX);
  const headerWord = labels.map((label) => widestWord(doc, label) + 2 * CELL.padX);
  doc.font(FONTS.regular).fontSize(CELL.size);
  const content = kinds.map(
    (_, column) => Math.max(0, ...texts.map((row) => widestLine(doc, row[column] ?? ''))) + 2 * CELL.padX,
  );
  const ideal = content.map((value, column) => Math.max(value, headerWhole[column] ?? 0));
  const compact = content.map((value, column) => Math.max(value, headerWord[column] ?? 0));
  const widths =
    (sum(ideal) <= width ? ideal : null) ??
    shareWithTextColumns(kinds, ideal, width) ??
    shareWithTextColumns(kinds, compact, width) ??
    compact;
  return spread(widths, width);
}

/** One row measured in the current font: a cell wraps only when it does not fit on one line. */
function layRow(doc: Doc, texts: string[], widths: number[]): LaidRow {
  const lineHeight = doc.currentLineHeight(true);
  let height = lineHeight;
  const cells = texts.map((text, column) => {
    const inner = (widths[column] ?? 0) - 2 * CELL.padX;
    const textWidth = widestLine(doc, text);
    const wraps = textWidth > inner || text.includes('\n');
    if (wraps) height = Math.max(height, doc.heightOfString(text, { width: inner }));
    return { text, textWidth, wraps };
  });
  return { cells, height: Math.min(height, MAX_ROW_HEIGHT) + 2 * CELL.padY };
}

export function layoutTable(doc: Doc, table: ReportTable, width: number): TableLayout {
  const kinds = table.columns.map((column) => column.kind);
  const labels = table.columns.map((column) => drawable(column.label));
  const texts = table.rows.map((row) =>
    table.columns.map((column) => drawable(cellText(row[column.key], column.kind))),
  );
  const widths = columnWidths(doc, kinds, labels, texts, width);
  doc.font(FONTS.bold).fontSize(CELL.headerSize);
  const header = layRow(doc, labels, widths);
  doc.font(FONTS.regular).fontSize(CELL.size);
  return { kinds, widths, header, rows: texts.map((row) => layRow(doc, row, widths)) };
}

/** Height of the header and the first `rows` rows. */
export function tableStartHeight(layout: TableLayout, rows: number): number {
  return layout.header.height + sum(layout.rows.slice(0, rows).map((row) => row.height));
}

function drawRow(flow: Flow, layout: TableLayout, row: LaidRow): void {
  const { doc } = flow;
  let x = flow.left;
  row.cells.forEach((cell, column) => {
    const width = layout.widths[column] ?? 0;
    const inner = width - 2 * CELL.padX;
    const align = isNumeric(layout.kinds[column] ?? 'text') ? 'right' : 'left';
    if (cell.wraps) {
      doc.text(cell.text, x + CELL.padX, flow.y + CELL.padY, {
        width: inner,
        height: row.height - 2 * CELL.padY,
        ellipsis: true,
        align,
      });
    } else {
      const offset = align === 'right' ? inner - cell.textWidth : 0;
      doc.text(cell.text, x + CELL.padX + offset, flow.y + CELL.padY, { lineBreak: false });
    }
    x += width;
  });
}

function drawHeaderRow(flow: Flow, layout: TableLayout): void {
  if (flow.paint) {
    flow.doc.rect(flow.left, flow.y, flow.width, layout.header.height).fill(COLORS.header);
    flow.doc.font(FONTS.bold).fontSize(CELL.headerSize).fillColor(COLORS.text);
    drawRow(flow, layout, layout.header);
    flow.doc.font(FONTS.regular).fontSize(CELL.size);
  }
  flow.y += layout.header.height;
}

/** A line of text (wrapped to the flow's width) in a band of its own, from `flow.y`. */
export function drawLine(flow: Flow, text: string, font: string, size: number, color: string): void {
  flow.doc.font(font).fontSize(size);
  const height = flow.doc.heightOfString(text, { width: flow.width });
  if (flow.paint) flow.doc.fillColor(color).text(text, flow.left, flow.y, { width: flow.width });
  flow.y += height;
}

/**
 * Draws the table from `flow.y`, on as many pages as it takes; on each new page the header row
 * comes again, under `continued` ('Dock 4 (continued)') when given.
 */
export function drawTable(flow: Flow, layout: TableLayout, continued: string | null): void {
  drawHeaderRow(flow, layout);
  layout.rows.forEach((row, index) => {
    if (flow.y + row.height > flow.bottom) {
      flow.newPage();
      if (continued) {
        drawLine(flow, continued, FONTS.bold, 9.5, COLORS.brand);
        flow.y += 3;
      }
      drawHeaderRow(flow, layout);
    }
    if (flow.paint) {
      if (index % 2 === 1) flow.doc.rect(flow.left, flow.y, flow.width, row.height).fill(COLORS.stripe);
      flow.doc.fillColor(COLORS.text);
      drawRow(flow, layout, row);
    }
    flow.y += row.height;
  });
}
