import { describe, expect } from 'vitest';
import { eccodesValues, hasEccodes, plainGribCopy } from '../../../test/eccodes';
import {
  CONUS_PASS2_FILE,
  hasMrmsFixtures,
  MRMS_FIXTURES_ABSENT,
  mrmsFixture,
} from '../../../test/mrms-fixtures';
import { whenPresent } from '../../../test/when-present';
import { readMrmsFile } from './grib2';

const withFixturesAndEccodes = whenPresent(
  hasMrmsFixtures && hasEccodes,
  hasMrmsFixtures
    ? "ecCodes' grib_get_data is not installed: apt-get install libeccodes-tools"
    : MRMS_FIXTURES_ABSENT,
);

/** Whether our value says the same as ecCodes': no data where it has a negative, else the same amount. */
function agrees(ours: number, theirs: number): boolean {
  if (theirs < 0) return Number.isNaN(ours);
  return Math.abs(ours - theirs) <= 1e-6 * Math.max(1, theirs);
}

describe('the MRMS decoder against ecCodes', () => {
  withFixturesAndEccodes.it(
    'gives every one of the 24.5 million cells of the CONUS file as grib_get_data does',
    async () => {
      const field = await readMrmsFile(mrmsFixture(CONUS_PASS2_FILE));
      const copy = plainGribCopy(mrmsFixture(CONUS_PASS2_FILE));
      const disagreements: string[] = [];
      let count = 0;
      try {
        count = await eccodesValues(copy.path, (index, theirs) => {
          const ours = field.values[index] as number;
          if (
            !agrees(ours, theirs) &&
            disagreements.push(`cell ${index}: ${ours} here, ${theirs} in ecCodes`) > 10
          ) {
            disagreements.pop();
          }
        });
      } finally {
        copy.remove();
      }
      expect(count).toBe(7000 * 3500);
      expect(field.values.length).toBe(count);
      expect(disagreements).toEqual([]);
    },
    180_000,
  );
});
