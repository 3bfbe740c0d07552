import { existsSync } from 'node:fs';
import path from 'node:path';
import { whenPresent } from './when-present';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The real NOAA MRMS files beside the repository (../shared/fixtures/README.md), never copied in. */
export const MRMS_FIXTURES = path.resolve(REPO_ROOT, '../shared/fixtures/mrms');
export const hasMrmsFixtures = existsSync(MRMS_FIXTURES);
export const MRMS_FIXTURES_ABSENT = '../shared/fixtures/mrms is absent';
/** `describe` and `it` for the tests that read them. */
export const withMrmsFixtures = whenPresent(hasMrmsFixtures, MRMS_FIXTURES_ABSENT);

export const CONUS_PASS2_FILE = 'MRMS_MultiSensor_QPE_01H_Pass2_00.00_20220602-120000.grib2.gz';
export const mrmsFixture = (name: string) => path.join(MRMS_FIXTURES, name);

/** The small files made with ecCodes for the decoder's tests (mrms/test-files/README.md). */
export const mrmsTestFile = (name: string) =>
  path.resolve(import.meta.dirname, '../features/sources/mrms/test-files', name);
