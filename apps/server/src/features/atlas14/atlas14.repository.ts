import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import type { Atlas14Threshold } from '../../core/tables/locations';
import { atlas14Points } from '../../core/tables/sources';

/** A point of the cache: the source and the coordinates in thousandths of a degree. */
export interface Atlas14Key {
  source: string;
  latitudeMilli: number;
  longitudeMilli: number;
}

export function createAtlas14Repository(db: AppDb) {
  const at = (key: Atlas14Key) =>
    and(
      eq(atlas14Points.source, key.source),
      eq(atlas14Points.latitudeMilli, key.latitudeMilli),
      eq(atlas14Points.longitudeMilli, key.longitudeMilli),
    );
  return {
    /** The cached answer, `undefined` when the point was never answered. */
    async find(key: Atlas14Key): Promise<{ depths: Atlas14Threshold | null } | undefined> {
      const [row] = await db.select({ depths: atlas14Points.depths }).from(atlas14Points).where(at(key));
      return row;
    },
    /** Keeps an answer; two processes answering the same point at once store it once. */
    async store(key: Atlas14Key, depths: Atlas14Threshold | null, now: Date): Promise<void> {
      await db
        .insert(atlas14Points)
        .values({ ...key, depths, fetchedAt: now })
        .onConflictDoUpdate({
          target: [atlas14Points.source, atlas14Points.latitudeMilli, atlas14Points.longitudeMilli],
          set: { depths, fetchedAt: now },
        });
    },
  };
}
