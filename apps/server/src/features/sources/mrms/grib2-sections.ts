import type { LatLonGrid } from '../sources';

/** Stage one of the decoder: splits a GRIB2 message into sections and reads the ones MRMS uses. */

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

/** A read-only view of the message with GRIB's big-endian and sign-magnitude integers. */
export class Octets {
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

export interface Section {
  number: number;
  /** Offset of the section's first octet in the message. */
  start: number;
  length: number;
}

/** Splits the message after section 0 into its sections, checking that each one fits. */
export function sections(
  octets: Octets,
  end: number,
  fail: (problem: string) => never,
): Map<number, Section> {
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

export function referenceTime(octets: Octets, s1: Section): number {
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
export function latLonGrid(octets: Octets, s3: Section, fail: (problem: string) => never): LatLonGrid {
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

export function productOf(discipline: number, octets: Octets, s4: Section, fail: (problem: string) => never) {
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

export interface Packing {
  template: number;
  count: number;
  reference: number;
  binaryScale: number;
  decimalScale: number;
  bits: number;
}

export function packingOf(octets: Octets, s5: Section, fail: (problem: string) => never): Packing {
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
