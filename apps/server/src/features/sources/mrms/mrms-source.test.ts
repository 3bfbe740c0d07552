import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { archiveServer, bucketFolder } from '../../../test/mrms-archive';
import { CONUS_PASS2_FILE, mrmsFixture, mrmsTestFile, withMrmsFixtures } from '../../../test/mrms-fixtures';
import type { Point } from '../sources';
import { createMrmsSource, fileForInterval, type MrmsSourceOptions } from './mrms-source';

const ALASKA_FILE = 'MRMS_MultiSensor_QPE_01H_Pass1_00.00_20221024-015800.grib2.gz';
/** The ecCodes-made 40 x 30 test file relabelled as the 15-minute product (parameter 45), stamped 12:14. */
const QUARTER_FILE = 'MRMS_RadarOnly_QPE_15M_00.00_20220602-121400.grib2';
/** The Pass 2 file of another hour, holding the Pass 1 product: a mislabelled file. */
const MISLABELLED_FILE = 'MRMS_MultiSensor_QPE_01H_Pass2_00.00_20220602-150000.grib2.gz';

function quarterHourFile(): Uint8Array {
  const bytes = new Uint8Array(readFileSync(mrmsTestFile('grid40-png.grib2')));
  const view = new DataView(bytes.buffer);
  let at = 16;
  while (bytes[at + 4] !== 4) at += view.getUint32(at);
  bytes[at + 10] = 45;
  return bytes;
}

const HOUR_12 = new Date('2022-06-02T12:00:00Z');
/** The wettest cell of the hour (70.4 mm), a dry one, and one off the grid. */
const POINTS: Point[] = [
  { latitude: 33.155, longitude: -92.285 },
  { latitude: 40.0, longitude: -105.0 },
  { latitude: 61.2, longitude: -149.9 },
];
const inches = (millimetres: number) => millimetres / 25.4;

withMrmsFixtures.describe('the MRMS precipitation source', () => {
  let folder: ReturnType<typeof bucketFolder>;
  let server: Awaited<ReturnType<typeof archiveServer>>;
  const caches: string[] = [];

  beforeAll(async () => {
    folder = bucketFolder([
      { name: CONUS_PASS2_FILE, from: mrmsFixture(CONUS_PASS2_FILE) },
      { name: ALASKA_FILE, from: mrmsFixture(ALASKA_FILE) },
      { name: QUARTER_FILE, bytes: quarterHourFile() },
      {
        name: MISLABELLED_FILE,
        from: mrmsFixture('MRMS_MultiSensor_QPE_01H_Pass1_00.00_20220601-120000.grib2.gz'),
      },
    ]);
    server = await archiveServer(folder.root);
  });
  afterAll(async () => {
    await server.close();
    folder.remove();
    for (const cache of caches) rmSync(cache, { recursive: true, force: true });
  });
  afterEach(() => {
    server.faults.clear();
    server.requests.clear();
  });

  function source(baseUrl: string, options: Partial<MrmsSourceOptions> = {}) {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'pluvio-mrms-cache-'));
    caches.push(cacheDir);
    const created = createMrmsSource({
      baseUrl,
      cacheDir,
      cacheBytes: 100_000_000,
      timeoutMs: 2000,
      retries: 1,
      retryDelayMs: 0,
      ...options,
    });
    return { source: created, cacheDir };
  }

  it('reads an hour from the bucket (ListObjectsV2, paged), in inches, and keeps the download', async () => {
    const { source: mrms, cacheDir } = source(server.bucketUrl);
    const field = await mrms.field('1h', HOUR_12, 2);
    expect(field).toMatchObject({ product: '1h', pass: 2, endsAt: HOUR_12 });
    const [wettest, dry, outside] = field?.sample(POINTS) ?? [];
    expect(wettest).toBeCloseTo(inches(70.4), 6);
    expect(wettest).toBeCloseTo(2.77, 2);
    expect([dry, outside]).toEqual([0, null]);
    expect(readdirSync(cacheDir)).toEqual([CONUS_PASS2_FILE]);

    const objectPath = `/bucket/CONUS/MultiSensor_QPE_01H_Pass2_00.00/20220602/${CONUS_PASS2_FILE}`;
    await mrms.field('1h', HOUR_12, 2);
    expect(server.requests.get(objectPath)).toBe(1);
  });

  it("reads an hour from the NCEP server's directory pages", async () => {
    const field = await source(server.ncepUrl).source.field('1h', HOUR_12, 2);
    expect(field?.sample(POINTS)[0]).toBeCloseTo(inches(70.4), 6);
  });

  it('reads a local folder in the bucket layout, by path or file: URL, without copying it', async () => {
    for (const base of [folder.root, pathToFileURL(folder.root).href]) {
      const { source: mrms, cacheDir } = source(base);
      expect((await mrms.field('1h', HOUR_12, 2))?.sample(POINTS)[0]).toBeCloseTo(inches(70.4), 6);
      expect(readdirSync(cacheDir)).toEqual([]);
    }
  });

  it('takes the file stamped latest within the interval: 01:58 for the hour ending 02:00, 12:14 for the quarter ending 12:15', async () => {
    const mrms = source(server.bucketUrl).source;
    const alaska = await mrms.field('1h', new Date('2022-10-24T02:00:00Z'), 1);
    expect(alaska?.grid).toMatchObject({ columns: 5000, rows: 2200 });
    expect(await mrms.field('1h', new Date('2022-10-24T03:00:00Z'), 1)).toBeNull();
    const quarter = await mrms.field('15m', new Date('2022-06-02T12:15:00Z'), 1);
    expect(quarter?.sample([{ latitude: 33.165, longitude: -92.295 }])).toEqual([inches(70.4)]);
    expect(await mrms.field('15m', new Date('2022-06-02T12:30:00Z'), 1)).toBeNull();
    expect(
      fileForInterval(
        [
          'MRMS_RadarOnly_QPE_15M_00.00_20220602-121000.grib2.gz',
          'MRMS_RadarOnly_QPE_15M_00.00_20220602-121400.grib2.gz',
          'MRMS_RadarOnly_QPE_15M_00.00_20220602-121600.grib2.gz',
          'latest/',
        ],
        Date.parse('2022-06-02T12:00:00Z'),
        Date.parse('2022-06-02T12:15:00Z'),
      ),
    ).toBe('MRMS_RadarOnly_QPE_15M_00.00_20220602-121400.grib2.gz');
  });

  it('says "not yet" (null) for a field not published: nothing listed, a missing folder, a listed file gone', async () => {
    const bucket = source(server.bucketUrl).source;
    expect(await bucket.field('1h', HOUR_12, 1)).toBeNull();
    expect(await bucket.field('1h', new Date('2022-06-02T13:00:00Z'), 2)).toBeNull();
    const ncep = source(server.ncepUrl).source;
    expect(await ncep.field('1h', HOUR_12, 1)).toBeNull();
    server.faults.set(`/data/2D/MultiSensor_QPE_01H_Pass2/${CONUS_PASS2_FILE}`, 'missing');
    expect(await ncep.field('1h', HOUR_12, 2)).toBeNull();
  });

  it('fails with a clear error, after its retries, when the server errs, stalls or cuts the file off', async () => {
    const objectPath = `/bucket/CONUS/MultiSensor_QPE_01H_Pass2_00.00/20220602/${CONUS_PASS2_FILE}`;
    const { source: mrms, cacheDir } = source(server.bucketUrl, { timeoutMs: 300 });
    server.faults.set(objectPath, 'error');
    await expect(mrms.field('1h', HOUR_12, 2)).rejects.toThrow(
      /^MRMS download failed after 2 attempts \(HTTP 500\): http:\/\/127\.0\.0\.1:\d+\/bucket\/CONUS\//,
    );
    expect(server.requests.get(objectPath)).toBe(2);

    server.faults.set(objectPath, 'slow');
    await expect(mrms.field('1h', HOUR_12, 2)).rejects.toThrow(/after 2 attempts \(no answer within 0.3 s\)/);

    server.faults.set(objectPath, 'cut');
    await expect(mrms.field('1h', HOUR_12, 2)).rejects.toThrow(/after 2 attempts/);

    server.faults.clear();
    server.faults.set('listing', 'error');
    // A fresh source: the other has the listing of the day from a moment ago.
    await expect(source(server.bucketUrl).source.field('1h', HOUR_12, 2)).rejects.toThrow(
      /after 2 attempts \(HTTP 500\).*list-type=2/,
    );

    expect(readdirSync(cacheDir)).toEqual([]);
    server.faults.clear();
    expect(await mrms.field('1h', HOUR_12, 2)).not.toBeNull();
  });

  it('refuses a file that is not what its name says, naming it', async () => {
    await expect(
      source(server.bucketUrl).source.field('1h', new Date('2022-06-02T15:00:00Z'), 2),
    ).rejects.toThrow(`${MISLABELLED_FILE}: holds MultiSensor_QPE_01H_Pass1, not MultiSensor_QPE_01H_Pass2`);
  });

  it('keeps its cache within its size, the oldest downloads going first', async () => {
    const { source: mrms, cacheDir } = source(server.bucketUrl, { cacheBytes: 400_000 });
    await mrms.field('1h', HOUR_12, 2);
    expect(readdirSync(cacheDir)).toEqual([CONUS_PASS2_FILE]);
    await mrms.field('1h', new Date('2022-10-24T02:00:00Z'), 1);
    expect(readdirSync(cacheDir)).toEqual([ALASKA_FILE]);
  });
});
