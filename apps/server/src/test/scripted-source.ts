import type { Clock } from '../core/lib/clock';
import { createIngestionService } from '../features/rainfall/ingestion.service';
import type { IntervalKey } from '../features/rainfall/intervals';
import type { Point, PrecipitationField, PrecipitationSource } from '../features/sources/sources';
import type { TestApp } from './test-app';

type Script = (key: IntervalKey, point: Point) => number | null;

const HOUR = 3_600_000;

/** Atlas 14 depths of a test location (1- to 1000-year), for one hour and for 24 hours. */
export const TEST_ATLAS14 = {
  '1h': [1, 1.2, 1.5, 1.8, 2.2, 2.5, 2.9, 3.3, 3.9, 4.4],
  '24h': [2, 2.4, 3, 3.5, 4.3, 5, 5.7, 6.5, 7.6, 8.5],
};

/** A script from the rain of each hour at each latitude: a quarter hour gets a quarter of its hour's. */
export function hourlyScript(hourly: (endsAt: Date, latitude: number) => number): Script {
  return (key, point) => {
    if (key.product === '1h') return hourly(key.endsAt, point.latitude);
    return hourly(new Date(Math.ceil(key.endsAt.getTime() / HOUR) * HOUR), point.latitude) / 4;
  };
}

/** The ingestion of the test app's locations from a scripted source. */
export function scriptedIngestion(t: TestApp, clock: Clock, script: Script, backfillDays = 1) {
  return ingestionFrom(t, clock, scriptedSource(script).source, backfillDays);
}

/** The ingestion of the test app's locations from the source given (one a test can make fail). */
export function ingestionFrom(t: TestApp, clock: Clock, source: PrecipitationSource, backfillDays = 1) {
  return createIngestionService(t.database.db, {
    source,
    locations: t.services.locations,
    clock,
    backfillDays,
  });
}

/**
 * A precipitation source for tests: amounts come from a script, and any field can be made to
 * fail, to be unpublished, or to wait until the test releases it.
 */
export function scriptedSource(script: Script) {
  const failing = new Map<string, string>();
  const unpublished = new Set<string>();
  const held = new Map<string, Promise<void>>();
  const id = (key: IntervalKey) => `${key.product} ${key.endsAt.toISOString()} ${key.pass}`;

  const source: PrecipitationSource = {
    name: 'scripted',
    async field(product, endsAt, pass) {
      const key = { product, endsAt, pass };
      await held.get(id(key));
      const error = failing.get(id(key));
      if (error) throw new Error(error);
      if (unpublished.has(id(key))) return null;
      const field: PrecipitationField = {
        product,
        pass,
        endsAt,
        grid: { north: 50, west: -125, step: 0.01, columns: 6000, rows: 2600 },
        sample: (points) => points.map((point) => script(key, point)),
      };
      return field;
    },
  };

  return {
    source,
    fail(key: IntervalKey, message: string) {
      failing.set(id(key), message);
    },
    unpublish(key: IntervalKey) {
      unpublished.add(id(key));
    },
    /** Makes the field wait until the returned function is called. */
    hold(key: IntervalKey): () => void {
      let release = () => {};
      held.set(id(key), new Promise<void>((resolve) => (release = resolve)));
      return () => release();
    },
    /** Every field is served normally again. */
    recover() {
      failing.clear();
      unpublished.clear();
      held.clear();
    },
  };
}
