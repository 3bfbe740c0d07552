import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import { decode as decodePng } from 'fast-png';
import { cellAt } from '../grid';
import type { LatLonGrid, Point } from '../sources';

const gunzip = promisify(gunzipCallback);

/**
 * A decoder for the GRIB edition 2 files of NOAA MRMS (../shared/fixtures/README.md): one message,
 * grid template 3.0 (regular latitude/longitude), product template 4.0, data representation 5.41
 * (PNG) or 5.0 (simple packing), no bitmap. Anything else is refused with an error naming the
 * file, never read as numbers.
 */

export class GribError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'GribError';
  }
}

/** The MRMS products Pluvio knows, by parameter number (discipline 209, category 6). */
const MRMS_PRODUCTS: Record<number, string> = {
  30: 'MultiSensor_QPE_01H_Pass1',
  31: 'MultiSensor_QPE_03H_Pass1',
  32: 'MultiSensor_QPE_06H_Pass1',
  33: 'MultiSensor_QPE_12H_Pass1',
  34: 'MultiSensor_QPE_24H_Pass1',
  35: 'MultiSensor_QPE_48H_Pass1',
  36: 'MultiSensor_QPE_72H_Pass1',
  37: 'MultiSensor_QPE_01H_Pass2',
  38: 'MultiSensor_QPE_03H_Pass2',
  39: 'MultiSensor_QPE_06H_Pass2',
  40: 'MultiSensor_QPE_12H_Pass2',
  41: 'MultiSensor_QPE_24H_Pass2',
  42: 'MultiSensor_QPE_48H_Pass2',
  43: 'MultiSensor_QPE_72H_Pass2',
  45: 'RadarOnly_QPE_15M',
};
const MRMS_DISCIPLINE = 209;
const QPE_CATEGORY = 6;

/** Seconds per unit of time range (GRIB2 code table 4.4) for the units a product may use. */
const TIME_UNIT_SECONDS: Record<number, number> = {
  0: 60,
  1: 3600,
  2: 86_400,
  10: 3 * 3600,
  11: 6 * 3600,
  12: 12 * 3600,
  13: 1,
};

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

/** A read-only view of the message with GRIB's big-endian and sign-magnitude integers. */
class Octets {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  get length() {
    return this.bytes.length;
  }
  u8 = (at: number) => this.view.getUint8(at);
  u16 = (at: number) => this.view.getUint16(at);
  u32 = (at: number) => this.view.getUint32(at);
  u64 = (at: number) => Number(this.view.getBigUint64(at));
  f32 = (at: number) => this.view.getFloat32(at);
  /** GRIB2 signed integers: the top bit is the sign, the rest the magnitude. */
  s16 = (at: number) => {
    const raw = this.u16(at);
    return raw & 0x8000 ? -(raw & 0x7fff) : raw;
  };
  s32 = (at: number) => {
    const raw = this.u32(at);
    return raw & 0x80000000 ? -(raw & 0x7fffffff) : raw;
  };
  text = (at: number, length: number) => String.fromCharCode(...this.bytes.subarray(at, at + length));
}

interface Section {
  number: number;
  /** Offset of the section's first octet in the message. */
  start: number;
  length: number;
}

/** Splits the message after section 0 into its sections, checking that each one fits. */
function sections(octets: Octets, end: number, fail: (problem: string) => never): Map<number, Section> {
  const found = new Map<number, Section>();
  let at = 16;
  while (at < end) {
    if (end - at >= 4 && octets.text(at, 4) === '7777') return found;
    if (end - at < 5) break;
    const length = octets.u32(at);
    const number = octets.u8(at + 4);
    if (length < 5 || at + length > end)
      fail(`section ${number} runs past the end of the message (cut off?)`);
    if (number < 1 || number > 7) fail(`unexpected section number ${number} at byte ${at}`);
    if (found.has(number)) fail('more than one field in the message (only single-field messages are read)');
    found.set(number, { number, start: at, length });
    at += length;
  }
  return fail('the message has no end section "7777" (cut off?)');
}

function referenceTime(octets: Octets, s1: Section): number {
  const at = s1.start;
  return Date.UTC(
    octets.u16(at + 12),
    octets.u8(at + 14) - 1,
    octets.u8(at + 15),
    octets.u8(at + 16),
    octets.u8(at + 17),
    octets.u8(at + 18),
  );
}

/** Grid template 3.0, regular latitude/longitude, scanning mode 0. */
function latLonGrid(octets: Octets, s3: Section, fail: (problem: string) => never): LatLonGrid {
  const at = s3.start;
  const template = octets.u16(at + 12);
  if (template !== 0)
    fail(`grid template 3.${template} is not supported (only 3.0, regular latitude/longitude)`);
  if (s3.length < 72) fail('section 3 is too short for grid template 3.0');
  const columns = octets.u32(at + 30);
  const rows = octets.u32(at + 34);
  // Angles count in basic angle / subdivisions degrees; 0 or "missing" means micro-degrees.
  const basicAngle = octets.u32(at + 38);
  const subdivisions = octets.u32(at + 42);
  const [numerator, denominator] =
    basicAngle === 0 || basicAngle === 0xffffffff ? [1, 1e6] : [basicAngle, subdivisions];
  if (!(denominator > 0)) fail(`the grid's angle unit ${basicAngle}/${subdivisions} cannot be read`);
  const degrees = (value: number) => (value * numerator) / denominator;
  const north = degrees(octets.s32(at + 46));
  const firstLongitude = degrees(octets.s32(at + 50));
  const south = degrees(octets.s32(at + 55));
  const stepX = degrees(octets.u32(at + 63));
  const stepY = degrees(octets.u32(at + 67));
  const scanning = octets.u8(at + 71);
  if (scanning !== 0)
    fail(`scanning mode ${scanning} is not supported (only 0: west to east, north to south)`);
  if (octets.u32(at + 6) !== columns * rows) fail('the grid size disagrees with its number of points');
  if (stepX !== stepY) fail(`cells of ${stepX} by ${stepY} degrees are not supported (square cells only)`);
  if (south > north) fail('the grid runs south to north although its scanning mode says north to south');
  const west = firstLongitude > 180 ? firstLongitude - 360 : firstLongitude;
  return { north, west, step: stepX, columns, rows };
}

function productOf(discipline: number, octets: Octets, s4: Section, fail: (problem: string) => never) {
  const at = s4.start;
  const template = octets.u16(at + 7);
  if (template !== 0) fail(`product template 4.${template} is not supported (only 4.0)`);
  const category = octets.u8(at + 9);
  const parameter = octets.u8(at + 10);
  const product = MRMS_PRODUCTS[parameter];
  if (discipline !== MRMS_DISCIPLINE || category !== QPE_CATEGORY || !product) {
    fail(
      `not an MRMS precipitation product (discipline ${discipline}, category ${category}, parameter ${parameter})`,
    );
  }
  const unitSeconds = TIME_UNIT_SECONDS[octets.u8(at + 17)];
  if (unitSeconds === undefined) fail(`time range unit ${octets.u8(at + 17)} is not supported`);
  const forecastSeconds = octets.s32(at + 18) * unitSeconds;
  const pass = product.endsWith('Pass1') ? 1 : product.endsWith('Pass2') ? 2 : null;
  return { product, pass, forecastSeconds } as const;
}

interface Packing {
  template: number;
  count: number;
  reference: number;
  binaryScale: number;
  decimalScale: number;
  bits: number;
}

function packingOf(octets: Octets, s5: Section, fail: (problem: string) => never): Packing {
  const at = s5.start;
  const template = octets.u16(at + 9);
  if (template !== 0 && template !== 41) {
    fail(`data representation template 5.${template} is not supported (only 5.0 and 5.41)`);
  }
  if (s5.length < 21) fail('section 5 is too short');
  return {
    template,
    count: octets.u32(at + 5),
    reference: octets.f32(at + 11),
    binaryScale: octets.s16(at + 15),
    decimalScale: octets.s16(at + 17),
    bits: octets.u8(at + 19),
  };
}

/** Packed integers X of a PNG (5.41): one grey channel, 8 or 16 bits as its header says. */
function pngIntegers(
  data: Uint8Array,
  count: number,
  fail: (problem: string) => never,
): Uint8Array | Uint16Array {
  let image: ReturnType<typeof decodePng>;
  try {
    image = decodePng(data);
  } catch (error) {
    return fail(`the PNG of section 7 cannot be read (${error instanceof Error ? error.message : error})`);
  }
  if (image.channels !== 1 || (image.depth !== 8 && image.depth !== 16)) {
    fail(
      `PNGs of ${image.channels} channels of ${image.depth} bits are not supported (8- or 16-bit grey only)`,
    );
  }
  if (image.width * image.height !== count) fail('the PNG size disagrees with the number of values');
  return image.data as Uint8Array | Uint16Array;
}

/** Packed integers X of simple packing (5.0): `bits` bits each, big-endian, one after another. */
function simpleIntegers(
  data: Uint8Array,
  count: number,
  bits: number,
  fail: (problem: string) => never,
): Uint32Array {
  const integers = new Uint32Array(count);
  if (bits === 0) return integers;
  if (bits > 32) fail(`${bits}-bit packing is not supported`);
  if (data.length * 8 < count * bits)
    fail('section 7 holds fewer values than the grid has points (cut off?)');
  let bit = 0;
  for (let index = 0; index < count; index++) {
    let value = 0;
    for (let left = bits; left > 0; ) {
      const byte = data[bit >>> 3] as number;
      const offset = bit & 7;
      const take = Math.min(8 - offset, left);
      const piece = (byte >>> (8 - offset - take)) & ((1 << take) - 1);
      value = value * 2 ** take + piece;
      left -= take;
      bit += take;
    }
    integers[index] = value;
  }
  return integers;
}

/** Value = (R + X * 2^E) / 10^D; negative values (-1 missing, -3 no coverage, -999) are no data. */
function unpacked(x: number, packing: Packing): number {
  const value = (packing.reference + x * 2 ** packing.binaryScale) / 10 ** packing.decimalScale;
  return value < 0 ? Number.NaN : value;
}

/** PNG integers through a table of every possible value: one division per integer, not per cell. */
function unpackPng(integers: Uint8Array | Uint16Array, packing: Packing): Float32Array {
  const table = new Float32Array(integers instanceof Uint16Array ? 0x10000 : 0x100);
  for (let x = 0; x < table.length; x++) table[x] = unpacked(x, packing);
  const values = new Float32Array(integers.length);
  // One loop per array type keeps each loop monomorphic (several times faster in V8).
  if (integers instanceof Uint16Array) {
    for (let index = 0; index < integers.length; index++)
      values[index] = table[integers[index] as number] as number;
  } else {
    for (let index = 0; index < integers.length; index++)
      values[index] = table[integers[index] as number] as number;
  }
  return values;
}

function unpackSimple(integers: Uint32Array, packing: Packing): Float32Array {
  const values = new Float32Array(integers.length);
  for (let index = 0; index < integers.length; index++)
    values[index] = unpacked(integers[index] as number, packing);
  return values;
}

function decodeValues(
  octets: Octets,
  packing: Packing,
  s6: Section,
  s7: Section,
  fail: (problem: string) => never,
) {
  const bitmap = octets.u8(s6.start + 5);
  if (bitmap !== 255) fail(`bitmaps are not supported (bitmap indicator ${bitmap})`);
  const data = octets.bytes.subarray(s7.start + 5, s7.start + s7.length);
  if (packing.template === 41) {
    return unpackPng(pngIntegers(data, packing.count, fail), packing);
  }
  return unpackSimple(simpleIntegers(data, packing.count, packing.bits, fail), packing);
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
