import { existsSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The real NOAA MRMS files beside the repository (../shared/fixtures/README.md), never copied in. */
export const MRMS_FIXTURES = path.resolve(REPO_ROOT, '../shared/fixtures/mrms');
export const hasMrmsFixtures = existsSync(MRMS_FIXTURES);
/** Appended to the name of a test that needs them, so a skipped run says why. */
export const needsMrmsFixtures = hasMrmsFixtures ? '' : ' (skipped: ../shared/fixtures/mrms is absent)';

export const CONUS_PASS2_FILE = 'MRMS_MultiSensor_QPE_01H_Pass2_00.00_20220602-120000.grib2.gz';
export const mrmsFixture = (name: string) => path.join(MRMS_FIXTURES, name);

/** The small files made with ecCodes for the decoder's tests (mrms/test-files/README.md). */
export const mrmsTestFile = (name: string) =>
  path.resolve(import.meta.dirname, '../features/sources/mrms/test-files', name);
