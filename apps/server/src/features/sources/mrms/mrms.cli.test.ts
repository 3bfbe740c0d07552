import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONUS_PASS2_FILE, mrmsFixture, mrmsTestFile, withMrmsFixtures } from '../../../test/mrms-fixtures';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Runs `npm run mrms -w @pluvio/server -- ...args` as its script does (tsx). */
function mrms(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/features/sources/mrms/mrms.cli.ts', ...args],
    {
      cwd: SERVER_ROOT,
      encoding: 'utf8',
      env: { ...process.env, INIT_CWD: SERVER_ROOT },
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the mrms command', () => {
  withMrmsFixtures.it('prints millimetres at points of a real file as one JSON array', () => {
    const result = mrms(
      'sample',
      mrmsFixture(CONUS_PASS2_FILE),
      '33.155,-92.285',
      '33.15,-92.28',
      '61.2,-149.9',
    );
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual([70.4, 60.7, null]);
  });

  it('describes a file: product, pass, valid time, grid and statistics', () => {
    const result = mrms('info', path.relative(SERVER_ROOT, mrmsTestFile('grid40-png.grib2')));
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      product: 'MultiSensor_QPE_01H_Pass2',
      pass: 2,
      valid_at: '2022-06-02T12:00:00.000Z',
      grid: { north: 33.165, west: -92.305, step: 0.01, columns: 40, rows: 30 },
      statistics: expect.objectContaining({
        unit: 'mm',
        min: 0,
        max: 655.3,
        cells: 1200,
        max_cell: { row: 0, column: 2, latitude: 33.165, longitude: -92.285 },
      }),
    });
    expect(JSON.parse(result.stdout).statistics.no_data_cells).toBeGreaterThan(0);
  });

  it('says in one line what is wrong with its arguments, and fails', () => {
    const file = mrmsTestFile('grid40-png.grib2');
    for (const args of [
      [],
      ['pick', file],
      ['sample', file],
      ['sample', file, '33.1'],
      ['sample', file, '95,-92'],
    ]) {
      const result = mrms(...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(mrms('sample', file, 'north,west').stderr).toMatch(/"north,west" is not LAT,LON/);
  });

  it('says which file it cannot read, and fails', () => {
    const notGrib = mrms('info', path.join(SERVER_ROOT, 'package.json'));
    expect(notGrib).toMatchObject({ status: 1, stdout: '', stderr: 'package.json: not a GRIB file\n' });
    const missing = mrms('sample', 'no-such-file.grib2.gz', '30,-95');
    expect(missing).toMatchObject({ status: 1, stderr: 'no-such-file.grib2.gz: cannot be read (ENOENT)\n' });
  });
});
