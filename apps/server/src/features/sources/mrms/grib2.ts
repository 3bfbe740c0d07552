import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import { cellAt } from '../grid';
import type { LatLonGrid, Point } from '../sources';
import {
  latLonGrid,
  Octets,
  packingOf,
  productOf,
  referenceTime,
  type Section,
  sections,
} from './grib2-sections';
import { decodeValues } from './grib2-unpacking';

const gunzip = promisify(gunzipCallback);

/**
 * A decoder for the GRIB edition 2 files of NOAA MRMS (../shared/fixtures/README.md): one message,
 * grid template 3.0 (regular latitude/longitude), product template 4.0, data representation 5.41
 * (PNG) or 5.0 (simple packing), no bitmap. Anything else is refused with an error naming the
 * file, never read as numbers. Sections are read in grib2-sections.ts, values unpacked in
 * grib2-unpacking.ts.
 */

export class GribError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'GribError';
  }
}

export interface MrmsField {
  /** The MRMS product name, e.g. 'MultiSensor_QPE_01H_Pass2'. */
  product: string;
  /** The product's pass (1 or 2), null for products without passes (RadarOnly_QPE_15M). */
  pass: 1 | 2 | null;
  /** The end of the accumulation window (UTC). */
  validAt: Date;
  grid: LatLonGrid;
  /** Millimetres per cell, row after row from the north-west corner; NaN where there is no data. */
  values: Float32Array;
  /** Decimal places the values were stored with (the decimal scale factor D). */
  decimals: number;
}

/** Decodes one MRMS GRIB2 message (gunzipped); `file` names it in errors. */
export function decodeGrib2(bytes: Uint8Array, file: string): MrmsField {
  const fail = (problem: string): never => {
    throw new GribError(file, problem);
  };
  const octets = new Octets(bytes);
  if (octets.length < 16 || octets.text(0, 4) !== 'GRIB') fail('not a GRIB file');
  const edition = octets.u8(7);
  if (edition !== 2) fail(`GRIB edition ${edition} is not supported (only edition 2)`);
  const total = octets.u64(8);
  if (total > octets.length)
    fail(`the message is ${total} bytes long but the file holds ${octets.length} (cut off?)`);
  const found = sections(octets, total, fail);
  const section = (number: number) => found.get(number) ?? fail(`section ${number} is missing`);
  const [s1, s3, s4, s5, s6, s7] = [1, 3, 4, 5, 6, 7].map(section) as Section[] as [
    Section,
    Section,
    Section,
    Section,
    Section,
    Section,
  ];
  const grid = latLonGrid(octets, s3, fail);
  const { product, pass, forecastSeconds } = productOf(octets.u8(6), octets, s4, fail);
  const packing = packingOf(octets, s5, fail);
  if (packing.count !== grid.columns * grid.rows)
    fail('the number of values disagrees with the grid (bitmap?)');
  return {
    product,
    pass,
    validAt: new Date(referenceTime(octets, s1) + forecastSeconds * 1000),
    grid,
    values: decodeValues(octets, packing, s6, s7, fail),
    decimals: Math.max(0, packing.decimalScale),
  };
}

const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Decodes an MRMS file as published, gzipped (.grib2.gz) or not; errors name the file. */
export async function decodeMrmsBytes(bytes: Uint8Array, file: string): Promise<MrmsField> {
  if (!isGzip(bytes)) return decodeGrib2(bytes, file);
  let grib: Uint8Array;
  try {
    grib = await gunzip(bytes);
  } catch (error) {
    throw new GribError(file, `the gzip stream cannot be read (${(error as Error).message}; cut off?)`);
  }
  return decodeGrib2(grib, file);
}

export async function readMrmsFile(filePath: string): Promise<MrmsField> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(filePath);
  } catch (error) {
    throw new GribError(
      path.basename(filePath),
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  return decodeMrmsBytes(bytes, path.basename(filePath));
}

/**
 * Millimetres at each point (nearest cell, rounded to the stored precision), in the order given;
 * null off the grid or where the field has no data. One array index per point.
 */
export function sampleMillimetres(field: MrmsField, points: readonly Point[]): (number | null)[] {
  const rounding = 10 ** field.decimals;
  return points.map((point) => {
    const cell = cellAt(field.grid, point);
    if (!cell) return null;
    const value = field.values[cell.row * field.grid.columns + cell.column] as number;
    return Number.isNaN(value) ? null : Math.round(value * rounding) / rounding;
  });
}

export interface FieldStatistics {
  /** Smallest, largest and mean millimetres of the cells with data; null when no cell has any. */
  min: number | null;
  max: number | null;
  mean: number | null;
  /** Cells with rain (above 0) and cells with no data. */
  wet: number;
  noData: number;
  /** Index of the first cell holding the largest value, or -1. */
  maxCell: number;
}

export function fieldStatistics(field: MrmsField): FieldStatistics {
  let [min, max, sum, wet, noData, maxCell] = [
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    0,
    0,
    0,
    -1,
  ];
  const { values } = field;
  for (let index = 0; index < values.length; index++) {
    const value = values[index] as number;
    if (Number.isNaN(value)) {
      noData++;
      continue;
    }
    sum += value;
    if (value > 0) wet++;
    if (value < min) min = value;
    if (value > max) [max, maxCell] = [value, index];
  }
  const valid = values.length - noData;
  const rounding = 10 ** field.decimals;
  const rounded = (value: number) => (valid > 0 ? Math.round(value * rounding) / rounding : null);
  return { min: rounded(min), max: rounded(max), mean: valid > 0 ? sum / valid : null, wet, noData, maxCell };
}
