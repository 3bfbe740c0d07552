import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CONUS_PASS2_FILE, mrmsFixture, mrmsTestFile, withMrmsFixtures } from '../../../test/mrms-fixtures';
import {
  decodeGrib2,
  decodeMrmsBytes,
  fieldStatistics,
  GribError,
  type MrmsField,
  readMrmsFile,
  sampleMillimetres,
} from './grib2';

/** What a decoded field holds: its shape, and the statistics ecCodes gives for the same file. */
function facts(field: MrmsField) {
  const { noData, wet, max, maxCell, mean } = fieldStatistics(field);
  return {
    product: field.product,
    pass: field.pass,
    validAt: field.validAt.toISOString(),
    size: [field.grid.columns, field.grid.rows],
    noData,
    wet,
    max,
    maxCell: [Math.floor(maxCell / field.grid.columns), maxCell % field.grid.columns],
    mean,
  };
}

/**
 * The values written into the ecCodes-made test files (test-files/README.md): 40 x 30 cells, with
 * -3 (no coverage) and -1 (missing) among them.
 */
function writtenValues(): number[] {
  const values = Array.from({ length: 30 * 40 }, (_, index) => {
    const [row, column] = [Math.floor(index / 40), index % 40];
    if ((row * column) % 23 === 5) return -1;
    if ((row + column) % 17 === 0) return -3;
    return ((row * 7 + column * 3) % 50) / 10;
  });
  values.splice(0, 3, 0, 70.4, 655.3);
  return values;
}

/** Offset of a section in a GRIB2 message, found by walking the section lengths. */
function sectionAt(bytes: Uint8Array, number: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 16; at < bytes.length - 4; at += view.getUint32(at)) {
    if (bytes[at + 4] === number) return at;
  }
  throw new Error(`no section ${number}`);
}

const pngFile = () => new Uint8Array(readFileSync(mrmsTestFile('grid40-png.grib2')));

function changed(bytes: Uint8Array, change: (copy: Uint8Array) => void): Uint8Array {
  const copy = bytes.slice();
  change(copy);
  return copy;
}

describe('the MRMS GRIB2 decoder', () => {
  withMrmsFixtures.it('reads every real MRMS file as ecCodes does', async () => {
    const decoded = async (name: string) => facts(await readMrmsFile(mrmsFixture(name)));
    // CONUS, 16-bit PNG: the figures of ../shared/fixtures/README.md.
    expect(await decoded(CONUS_PASS2_FILE)).toMatchObject({
      product: 'MultiSensor_QPE_01H_Pass2',
      pass: 2,
      validAt: '2022-06-02T12:00:00.000Z',
      size: [7000, 3500],
      noData: 0,
      wet: 1_057_398,
      max: 70.4,
      maxCell: [2184, 3771],
    });
    expect((await decoded(CONUS_PASS2_FILE)).mean).toBeCloseTo(0.0913968, 6);
    // Guam, an 8-bit PNG with -3 (no coverage) around the radar.
    expect(await decoded('MRMS_MultiSensor_QPE_01H_Pass1_00.00_20220601-120000.grib2.gz')).toMatchObject({
      product: 'MultiSensor_QPE_01H_Pass1',
      pass: 1,
      size: [2000, 1800],
      noData: 1_408_034,
      max: 9.1,
    });
    // Alaska, stamped 01:58 rather than on the hour.
    expect(await decoded('MRMS_MultiSensor_QPE_01H_Pass1_00.00_20221024-015800.grib2.gz')).toMatchObject({
      validAt: '2022-10-24T01:58:00.000Z',
      size: [5000, 2200],
      max: 15.3,
    });
    expect(await decoded('MRMS_MultiSensor_QPE_12H_Pass2_00.00_20220602-000000.grib2.gz')).toMatchObject({
      product: 'MultiSensor_QPE_12H_Pass2',
      max: 50.8,
    });
    // The Caribbean, -999 where there is no data: never rain.
    expect(await decoded('MRMS_MultiSensor_QPE_24H_Pass2_00.00_20220602-030000.grib2.gz')).toMatchObject({
      product: 'MultiSensor_QPE_24H_Pass2',
      size: [3000, 1500],
      noData: 3_581_984,
      max: 109.5,
    });
    // Hawaii, not gzipped.
    expect(await decoded('MRMS_MultiSensor_QPE_72H_Pass2_00.00_20220601-230000.grib2')).toMatchObject({
      product: 'MultiSensor_QPE_72H_Pass2',
      validAt: '2022-06-01T23:00:00.000Z',
      size: [2600, 2200],
      max: 44.5,
    });
  });

  withMrmsFixtures.it('gives millimetres at points by their nearest cell, null off the grid', async () => {
    const field = await readMrmsFile(mrmsFixture(CONUS_PASS2_FILE));
    expect(field.grid).toEqual({ north: 54.995, west: -129.995, step: 0.01, columns: 7000, rows: 3500 });
    expect(
      sampleMillimetres(field, [
        { latitude: 33.155, longitude: -92.285 },
        { latitude: 33.1591, longitude: -92.2812 },
        { latitude: 33.15, longitude: -92.28 },
        { latitude: 61.2, longitude: -149.9 },
      ]),
    ).toEqual([70.4, 70.4, 60.7, null]);
  });

  it('reads simple packing (5.0) and PNG packing (5.41) with binary and decimal scales, negatives as no data', async () => {
    const written = writtenValues();
    for (const [file, tolerance] of [
      ['grid40-simple-binary-scale.grib2', 1e-4],
      ['grid40-simple-decimal-scale.grib2', 1e-6],
      // Section 5 says 13 bits; the PNG itself is 16-bit grey, and its header is what counts.
      ['grid40-png.grib2', 1e-6],
    ] as const) {
      const field = await readMrmsFile(mrmsTestFile(file));
      expect(field.grid).toEqual({ north: 33.165, west: -92.305, step: 0.01, columns: 40, rows: 30 });
      expect(field.product).toBe('MultiSensor_QPE_01H_Pass2');
      const mismatches = written.filter((value, index) => {
        const decoded = field.values[index] as number;
        return value < 0
          ? !Number.isNaN(decoded)
          : !(Math.abs(decoded - value) <= tolerance * Math.max(1, value));
      });
      expect(mismatches, file).toEqual([]);
    }
    const field = await readMrmsFile(mrmsTestFile('grid40-png.grib2'));
    expect(
      sampleMillimetres(field, [
        { latitude: 33.165, longitude: -92.295 },
        { latitude: 33.165, longitude: -92.285 },
        { latitude: 33.155, longitude: -92.305 + 16 * 0.01 },
      ]),
    ).toEqual([70.4, 655.3, null]);
  });

  it('reads gzipped files and plain ones alike', async () => {
    const plain = pngFile();
    const fromGzip = await decodeMrmsBytes(gzipSync(plain), 'x.grib2.gz');
    expect(fromGzip.values).toEqual(decodeGrib2(plain, 'x.grib2').values);
  });

  describe('refuses, naming the file, rather than giving wrong numbers', () => {
    const refusal = async (bytes: Uint8Array, file = 'bad.grib2') => {
      const error = await decodeMrmsBytes(bytes, file).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GribError);
      const message = (error as Error).message;
      expect(message.startsWith(`${file}: `)).toBe(true);
      return message;
    };

    it('a file that is not GRIB', async () => {
      expect(await refusal(new TextEncoder().encode('<html>503 Service Unavailable</html>'))).toMatch(
        /not a GRIB file/,
      );
      expect(await refusal(new Uint8Array())).toMatch(/not a GRIB file/);
    });

    it('GRIB edition 1', async () => {
      expect(await refusal(changed(pngFile(), (bytes) => (bytes[7] = 1)))).toMatch(
        /edition 1 is not supported/,
      );
    });

    it('grid, product and data templates it does not know', async () => {
      const file = pngFile();
      const s3 = sectionAt(file, 3);
      const s4 = sectionAt(file, 4);
      const s5 = sectionAt(file, 5);
      expect(await refusal(changed(file, (bytes) => (bytes[s3 + 13] = 30)))).toMatch(
        /grid template 3.30 is not supported/,
      );
      expect(await refusal(changed(file, (bytes) => (bytes[s4 + 8] = 8)))).toMatch(
        /product template 4.8 is not supported/,
      );
      expect(await refusal(changed(file, (bytes) => (bytes[s5 + 10] = 40)))).toMatch(
        /data representation template 5.40 is not supported/,
      );
      expect(await refusal(changed(file, (bytes) => (bytes[s3 + 71] = 64)))).toMatch(/scanning mode 64/);
    });

    it('a product other than MRMS precipitation', async () => {
      const file = pngFile();
      const s4 = sectionAt(file, 4);
      expect(await refusal(changed(file, (bytes) => (bytes[6] = 0)))).toMatch(
        /not an MRMS precipitation product \(discipline 0, category 6, parameter 37\)/,
      );
      expect(await refusal(changed(file, (bytes) => (bytes[s4 + 10] = 9)))).toMatch(/parameter 9\)/);
    });

    it('a file cut off, gzipped or not, and a damaged PNG', async () => {
      const file = pngFile();
      expect(await refusal(file.subarray(0, file.length - 100))).toMatch(/cut off/);
      expect(await refusal(file.subarray(0, 40))).toMatch(/cut off/);
      const gzipped = gzipSync(file);
      expect(await refusal(gzipped.subarray(0, gzipped.length - 30), 'cut.grib2.gz')).toMatch(
        /gzip.*cut off/,
      );
      const s7 = sectionAt(file, 7);
      expect(await refusal(changed(file, (bytes) => bytes.fill(7, s7 + 60, s7 + 90)))).toMatch(
        /PNG of section 7 cannot be read/,
      );
    });

    withMrmsFixtures.it('a real file cut off', async () => {
      const bytes = readFileSync(mrmsFixture(CONUS_PASS2_FILE));
      const cut = bytes.subarray(0, bytes.length / 2);
      expect(await refusal(cut, CONUS_PASS2_FILE)).toMatch(/cut off/);
    });

    it('a file that cannot be read', async () => {
      await expect(readMrmsFile('/nonexistent/MRMS_x.grib2.gz')).rejects.toThrow(
        /^MRMS_x.grib2.gz: cannot be read \(ENOENT\)/,
      );
    });
  });
});
