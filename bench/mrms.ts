/**
 * The MRMS decoder (issue 17): the real CONUS hour (7000 x 3500 cells, gzipped 16-bit PNG
 * packing) read, gunzipped, decoded and sampled at 100,000 sites, beside Debian's ecCodes on the
 * same file in the same run: `grib_get -p max,average` (decodes every value, prints two) and
 * `grib_get_data` (decodes and prints every value). Nothing passes or fails; figures are printed
 * and saved under bench/results/mrms.json.
 */
import { spawnSync } from 'node:child_process';
import { readMrmsFile, sampleMillimetres } from '../apps/server/src/features/sources/mrms/grib2';
import { hasEccodes, plainGribCopy } from '../apps/server/src/test/eccodes';
import { CONUS_PASS2_FILE, hasMrmsFixtures, mrmsFixture } from '../apps/server/src/test/mrms-fixtures';
import { machine, saveResults } from './save-results';

const SITES = 100_000;
const REPEATS = 5;

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** 100,000 sites spread over the contiguous US (a fixed pseudo-random pattern). */
function sites() {
  let seed = 17;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: SITES }, () => ({ latitude: 25 + next() * 24, longitude: -124 + next() * 57 }));
}

async function timePluvio(file: string) {
  const points = sites();
  const runs: { decode: number; sample: number }[] = [];
  for (let run = 0; run < REPEATS; run++) {
    const started = performance.now();
    const field = await readMrmsFile(file);
    const decoded = performance.now();
    sampleMillimetres(field, points);
    runs.push({ decode: decoded - started, sample: performance.now() - decoded });
  }
  const decode = median(runs.map((run) => run.decode));
  const sample = median(runs.map((run) => run.sample));
  return { decode, sample, total: median(runs.map((run) => run.decode + run.sample)) };
}

/** Wall time of an ecCodes tool on the file, its output thrown away. */
function timeEccodes(tool: string, args: string[]) {
  const started = performance.now();
  const result = spawnSync(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
  return performance.now() - started;
}

export async function benchMrms() {
  if (!hasMrmsFixtures) {
    console.log('MRMS benchmark skipped: ../shared/fixtures/mrms is absent');
    return;
  }
  const file = mrmsFixture(CONUS_PASS2_FILE);
  const ours = await timePluvio(file);
  const rows: Record<string, string | number>[] = [
    { step: 'Pluvio: read + gunzip + decode', seconds: round(ours.decode / 1000) },
    { step: `Pluvio: sample ${SITES.toLocaleString('en-US')} sites`, seconds: round(ours.sample / 1000, 3) },
    { step: 'Pluvio: decode and sample (median)', seconds: round(ours.total / 1000) },
  ];
  if (hasEccodes) {
    const copy = plainGribCopy(file);
    try {
      const decodeOnly = timeEccodes('grib_get', ['-p', 'max,average', copy.path]);
      const allValues = timeEccodes('grib_get_data', [copy.path]);
      rows.push(
        {
          step: 'ecCodes grib_get -p max,average (decode)',
          seconds: round(decodeOnly / 1000),
          ecCodes_over_Pluvio: round(decodeOnly / ours.total),
        },
        {
          step: 'ecCodes grib_get_data (decode + print)',
          seconds: round(allValues / 1000),
          ecCodes_over_Pluvio: round(allValues / ours.total),
        },
      );
    } finally {
      copy.remove();
    }
  } else {
    console.log(
      "MRMS benchmark: ecCodes' grib_get_data is not installed (apt-get install libeccodes-tools); its rows are left out",
    );
  }
  console.table(rows);
  saveResults('mrms', { machine: machine(), file: CONUS_PASS2_FILE, rows });
}

if (process.argv[1] === import.meta.filename) await benchMrms();
