import type { Clock } from '../core/lib/clock';
import { createIngestionService } from '../features/rainfall/ingestion.service';
import type { IntervalKey } from '../features/rainfall/intervals';
import type { Point } from '../features/sources/sources';
import { scriptedSource } from './scripted-source';
import type { TestApp } from './test-app';

const HOUR_MS = 3_600_000;

/** For tests: an ingestion with rain at the given latitudes only, 0.8 in the hour ending `hour` and 0.4 in each of its quarters. */
export function scriptedStorm(t: TestApp, clock: Clock, latitudes: readonly number[], hour: Date) {
  const script = (key: IntervalKey, point: Point) => {
    if (!latitudes.includes(point.latitude)) return 0;
    if (key.product === '1h') return key.endsAt.getTime() === hour.getTime() ? 0.8 : 0;
    return key.endsAt > new Date(hour.getTime() - HOUR_MS) && key.endsAt <= hour ? 0.4 : 0;
  };
  return createIngestionService(t.database.db, {
    source: scriptedSource(script).source,
    locations: t.services.locations,
    clock,
    backfillDays: 1,
  });
}
