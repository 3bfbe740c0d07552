import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import type { LocationPoint } from '../../core/tables/locations';

export interface PendingFill extends LocationPoint {
  /** The change that queued it; the row is cleared only if no later change came. */
  addedAt: string;
}

/**
 * `rainfall_history_fills`: the locations whose stored history is missing or for an old
 * position, read with their coordinates from `locations` in the same query for speed.
 */
export function createHistoryFillRepository(db: AppDb) {
  return {
    /** Up to `limit` queued locations, oldest change first, with their current coordinates. */
    async pending(limit: number): Promise<PendingFill[]> {
      const rows = await queryRows<{ id: number; latitude: number; longitude: number; added_at: string }>(
        db,
        sql`
        select l.id, l.latitude, l.longitude, f.added_at::text as added_at
          from rainfall_history_fills f join locations l on l.id = f.location_id
         order by f.added_at, l.id
         limit ${limit}`,
      );
      return rows.map((row) => ({
        id: row.id,
        latitude: row.latitude,
        longitude: row.longitude,
        addedAt: row.added_at,
      }));
    },

    async count(): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from rainfall_history_fills`,
      );
      return row?.n ?? 0;
    },

    /** The time of the newest queued change, or null: a running ingestion re-reads locations when it moves. */
    async latestChange(): Promise<string | null> {
      const [row] = await queryRows<{ latest: string | null }>(
        db,
        sql`select max(added_at)::text as latest from rainfall_history_fills`,
      );
      return row?.latest ?? null;
    },

    /** Clears the fills done, unless the location changed again meanwhile. */
    async clear(fills: readonly PendingFill[]): Promise<void> {
      if (fills.length === 0) return;
      await db.execute(sql`
        delete from rainfall_history_fills f
         using unnest(${pgArray(fills.map((fill) => fill.id))}::int[],
                      ${pgArray(fills.map((fill) => fill.addedAt))}::timestamptz[]) as d(location_id, added_at)
         where f.location_id = d.location_id and f.added_at = d.added_at`);
    },
  };
}
