import { decode as decodePng } from 'fast-png';
import type { Octets, Packing, Section } from './grib2-sections';

/** Stage two of the decoder: turns section 7's packed integers into millimetres (5.41 PNG or 5.0 simple). */

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

export function decodeValues(
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
