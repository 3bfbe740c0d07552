import path from 'node:path';
import { startDirectory } from '../../../config';
import type { Point } from '../sources';
import { fieldStatistics, GribError, type MrmsField, readMrmsFile, sampleMillimetres } from './grib2';

/** `sample` prints millimetres at each point (nearest cell, null for no data); `info` describes the file. */
const USAGE = 'usage: mrms sample FILE LAT,LON [LAT,LON ...] | mrms info FILE';

class UsageError extends Error {}

/** "33.155,-92.285" as a point; anything else is a usage error naming the argument. */
function pointOf(argument: string): Point {
  const parts = argument.split(',');
  const [latitude, longitude] = parts.map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (
    parts.length !== 2 ||
    !(latitude !== undefined && latitude >= -90 && latitude <= 90) ||
    !(longitude !== undefined && longitude >= -180 && longitude <= 360)
  ) {
    throw new UsageError(`"${argument}" is not LAT,LON (decimal degrees, e.g. 33.155,-92.285)`);
  }
  return { latitude, longitude };
}

/** Micro-degrees, as GRIB stores them. */
const degrees = (value: number) => Number(value.toFixed(6));

function info(field: MrmsField) {
  const { grid } = field;
  const statistics = fieldStatistics(field);
  const row = Math.floor(statistics.maxCell / grid.columns);
  const column = statistics.maxCell % grid.columns;
  return {
    product: field.product,
    pass: field.pass,
    valid_at: field.validAt.toISOString(),
    grid,
    statistics: {
      unit: 'mm',
      min: statistics.min,
      max: statistics.max,
      mean: statistics.mean === null ? null : Number(statistics.mean.toFixed(7)),
      cells: field.values.length,
      wet_cells: statistics.wet,
      no_data_cells: statistics.noData,
      max_cell:
        statistics.maxCell < 0
          ? null
          : {
              row,
              column,
              latitude: degrees(grid.north - row * grid.step),
              longitude: degrees(grid.west + column * grid.step),
            },
    },
  };
}

async function run(args: string[]): Promise<string> {
  const [command, file, ...rest] = args;
  if (!file || (command !== 'sample' && command !== 'info')) throw new UsageError(USAGE);
  if (command === 'info' && rest.length > 0) throw new UsageError(`info takes one FILE; ${USAGE}`);
  if (command === 'sample' && rest.length === 0) throw new UsageError(`sample needs a LAT,LON; ${USAGE}`);
  const points = rest.map(pointOf);
  const field = await readMrmsFile(path.resolve(startDirectory(), file));
  return command === 'info'
    ? JSON.stringify(info(field), null, 2)
    : JSON.stringify(sampleMillimetres(field, points));
}

run(process.argv.slice(2)).then(
  (output) => console.log(output),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof GribError) {
      console.error(error.message);
      process.exit(error instanceof UsageError ? 2 : 1);
    }
    throw error;
  },
);
