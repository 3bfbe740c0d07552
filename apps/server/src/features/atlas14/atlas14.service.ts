import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import type { Atlas14Threshold } from '../../core/tables/locations';
import type { FrequencySource, Point } from '../sources';
import { createAtlas14Repository } from './atlas14.repository';

/** What a frequency source says about a point: its depths, or null outside Atlas 14. */
export interface Atlas14Answer {
  /** The source's name, stored with a location's depths so a new source replaces them. */
  source: string;
  depths: Atlas14Threshold | null;
}

const milli = (degrees: number) => Math.round(degrees * 1000);

/**
 * NOAA Atlas 14 depths for locations, from the configured frequency source. A remote source
 * (PFDS) is asked once per point (to 0.001 degree) and its answers kept in `atlas14_points`;
 * the simulator answers at once and is not cached.
 */
export function createAtlas14Service(db: AppDb, options: { source: FrequencySource; clock: Clock }) {
  const { source, clock } = options;
  const repository = createAtlas14Repository(db);
  const keyOf = (point: Point) => ({
    source: source.name,
    latitudeMilli: milli(point.latitude),
    longitudeMilli: milli(point.longitude),
  });

  /** The answer without waiting on the network (a local source's, or a cached one); undefined when only asking can tell. */
  async function answerAtOnce(point: Point): Promise<Atlas14Answer | undefined> {
    if (!source.remote) return { source: source.name, depths: await source.depthsAt(point) };
    const cached = await repository.find(keyOf(point));
    return cached && { source: source.name, depths: cached.depths };
  }

  return {
    sourceName: source.name,
    answerAtOnce,

    /** The answer, asking the source when it is not cached; throws when the source fails. */
    async answer(point: Point): Promise<Atlas14Answer> {
      const known = await answerAtOnce(point);
      if (known) return known;
      const key = keyOf(point);
      const depths = await source.depthsAt({
        latitude: key.latitudeMilli / 1000,
        longitude: key.longitudeMilli / 1000,
      });
      await repository.store(key, depths, clock.now());
      return { source: source.name, depths };
    },
  };
}

export type Atlas14Service = ReturnType<typeof createAtlas14Service>;
