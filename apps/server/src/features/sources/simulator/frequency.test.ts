import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ATLAS14_RECURRENCE_YEARS } from '@pluvio/shared/rainfall';
import { describe, expect, it } from 'vitest';
import { parsePfdsCsv } from '../pfds/pfds';
import { createSimulatedFrequencySource } from './frequency';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../../..');
const PEACHTREE_CITY = path.resolve(
  REPO_ROOT,
  '../shared/fixtures/atlas14/pfds_peachtree_city_ga_depth_english_pds.csv',
);
const hasFixture = existsSync(PEACHTREE_CITY);

const frequency = createSimulatedFrequencySource();

async function depthsAt(latitude: number, longitude: number) {
  const depths = await frequency.depthsAt({ latitude, longitude });
  if (!depths) throw new Error(`no Atlas 14 depths at ${latitude}, ${longitude}`);
  return depths;
}

/** A lattice over the contiguous US, 2 degrees apart. */
const lattice = Array.from({ length: 14 * 30 }, (_, i) => ({
  latitude: 24 + 2 * Math.floor(i / 30),
  longitude: -125 + 2 * (i % 30),
}));

/** A row of NOAA's PFDS text answer (`60-min:, 1.36,1.57,...`) as numbers. */
describe('simulated NOAA Atlas 14 depths', () => {
  it('answers ten 1-hour and ten 24-hour depths that grow with the recurrence interval, 1-hour below 24-hour', async () => {
    for (const { latitude, longitude } of lattice) {
      const depths = await depthsAt(latitude, longitude);
      expect(depths['1h']).toHaveLength(ATLAS14_RECURRENCE_YEARS.length);
      expect(depths['24h']).toHaveLength(ATLAS14_RECURRENCE_YEARS.length);
      for (let i = 1; i < ATLAS14_RECURRENCE_YEARS.length; i++) {
        expect(depths['1h'][i]).toBeGreaterThan(depths['1h'][i - 1] ?? Infinity);
        expect(depths['24h'][i]).toBeGreaterThan(depths['24h'][i - 1] ?? Infinity);
      }
      depths['1h'].forEach((depth, i) => {
        expect(depth).toBeLessThan(depths['24h'][i] ?? 0);
      });
    }
  });

  it('stays within the ranges NOAA publishes', async () => {
    for (const { latitude, longitude } of lattice) {
      const depths = await depthsAt(latitude, longitude);
      expect(depths['1h'][0]).toBeGreaterThanOrEqual(0.4);
      expect(depths['1h'][0]).toBeLessThanOrEqual(2.1);
      expect(depths['24h'][0]).toBeGreaterThanOrEqual(0.7);
      expect(depths['24h'][0]).toBeLessThanOrEqual(5.2);
      expect(depths['24h'][9]).toBeLessThanOrEqual(25);
    }
    const houston = await depthsAt(29.76, -95.37);
    expect(houston['24h'][9]).toBeGreaterThanOrEqual(18);
  });

  it('is wetter on the Gulf Coast and in the Southeast than in the Southwest and the Rockies', async () => {
    const oneYearDay = async (latitude: number, longitude: number) =>
      (await depthsAt(latitude, longitude))['24h'][0] ?? 0;
    const wet = [
      await oneYearDay(29.76, -95.37),
      await oneYearDay(29.95, -90.07),
      await oneYearDay(33.75, -84.39),
    ];
    const dry = [
      await oneYearDay(33.45, -112.07),
      await oneYearDay(36.17, -115.14),
      await oneYearDay(39.74, -104.99),
    ];
    expect(Math.min(...wet)).toBeGreaterThan(2 * Math.max(...dry));
  });

  it('varies smoothly: points 0.1 degree apart differ by less than 3 percent', async () => {
    for (const { latitude, longitude } of lattice.filter((point) => point.latitude < 49)) {
      const here = await depthsAt(latitude + 0.5, longitude + 0.5);
      for (const [dLat, dLon] of [
        [0.1, 0],
        [0, 0.1],
      ] as const) {
        const next = await depthsAt(latitude + 0.5 + dLat, longitude + 0.5 + dLon);
        for (const duration of ['1h', '24h'] as const) {
          here[duration].forEach((depth, i) => {
            expect(Math.abs((next[duration][i] ?? 0) / depth - 1)).toBeLessThan(0.03);
          });
        }
      }
    }
  });

  it('has none outside the contiguous US', async () => {
    expect(await frequency.depthsAt({ latitude: 61.2, longitude: -149.9 })).toBeNull();
    expect(await frequency.depthsAt({ latitude: 21.3, longitude: -157.8 })).toBeNull();
    expect(await frequency.depthsAt({ latitude: 52.1, longitude: -106.7 })).toBeNull();
  });

  it.skipIf(!hasFixture)(
    `lands within 30 percent of NOAA's own depths at Peachtree City, Georgia${hasFixture ? '' : ' (skipped: ../shared/fixtures is absent)'}`,
    async () => {
      const noaa = parsePfdsCsv(readFileSync(PEACHTREE_CITY, 'utf8'));
      const simulated = await depthsAt(33.3966, -84.59);
      for (const duration of ['1h', '24h'] as const) {
        const real = noaa?.[duration] ?? [];
        expect(real).toHaveLength(10);
        real.forEach((depth, i) => {
          const ratio = (simulated[duration][i] ?? 0) / depth;
          expect(ratio).toBeGreaterThan(1 / 1.3);
          expect(ratio).toBeLessThan(1.3);
        });
      }
    },
  );
});
