import { eq, getTableName, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import { rainfallSources } from '../../core/tables/rainfall';
import type { Pass, PrecipitationProduct } from '../sources';
import { createRainfallFiguresRepository } from './rainfall-figures.repository';
import { createRainfallReadsRepository } from './rainfall-reads.repository';
import { VALUE_TABLES } from './value-tables';

const tableName = (product: PrecipitationProduct) => getTableName(VALUE_TABLES[product]);
/** Serialises partition creation across processes (pg_advisory_xact_lock key). */
const PARTITION_LOCK_KEY = 7_346_002;

/** One sampled field ready to store: the value (inches, 0 when dry) at each location that has data. */
export interface SampledInterval {
  endsAt: Date;
  pass: Pass;
  locationIds: number[];
  amounts: number[];
}

const partitionName = (product: PrecipitationProduct, month: Date) =>
  `${tableName(product)}_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

const nextMonth = (month: Date) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));

/** The stored rainfall values: their writes here, with the figures they keep and the reads of them. */
export function createRainfallRepository(db: AppDb) {
  return {
    ...createRainfallFiguresRepository(db),
    ...createRainfallReadsRepository(db),

    /** The id of a source name, added on first use. */
    async sourceId(name: string): Promise<number> {
      await db.insert(rainfallSources).values({ name }).onConflictDoNothing();
      const rows = await db
        .select({ id: rainfallSources.id })
        .from(rainfallSources)
        .where(eq(rainfallSources.name, name));
      const id = rows[0]?.id;
      if (id === undefined) throw new Error(`rainfall source ${name} missing`);
      return id;
    },

    /** Creates the monthly partitions of `product` that are missing, for months starting at each of `months`. */
    async ensurePartitions(product: PrecipitationProduct, months: readonly Date[]): Promise<void> {
      const names = months.map((month) => partitionName(product, month));
      const existing = await queryRows<{ name: string }>(
        db,
        sql`select relname as name from pg_class where relname = any(${pgArray(names)}::text[])`,
      );
      const have = new Set(existing.map((row) => row.name));
      const missing = months.filter((month) => !have.has(partitionName(product, month)));
      if (missing.length === 0) return;
      await db.transaction(async (tx) => {
        // Two workers creating the same partition would collide in the catalogue without it.
        await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK_KEY})`);
        for (const month of missing) {
          await tx.execute(
            sql.raw(
              `create table if not exists ${partitionName(product, month)} partition of ${tableName(product)}
               for values from ('${month.toISOString()}') to ('${nextMonth(month).toISOString()}')`,
            ),
          );
        }
      });
    },

    /**
     * Stores sampled fields of one product in one statement: wet values are upserted, a dry value
     * deletes what an earlier run or a lower pass stored. A lower pass never replaces a higher
     * one, and a row that would not change is not rewritten, so running it twice changes nothing.
     */
    async storeValues(product: PrecipitationProduct, sourceId: number, fields: readonly SampledInterval[]) {
      if (fields.length === 0) return;
      const table = VALUE_TABLES[product];
      const slots = fields.flatMap((field, index) => field.locationIds.map(() => index + 1));
      const ids = fields.flatMap((field) => field.locationIds);
      const amounts = fields.flatMap((field) => field.amounts);
      const times = fields.map((field) => field.endsAt.getTime());
      const [first, last] = [new Date(Math.min(...times)), new Date(Math.max(...times))];
      await db.execute(sql`
        with fields as (
          select ends_at, pass, slot::int as slot
            from unnest(${pgArray(fields.map((field) => field.endsAt))}::timestamptz[],
                        ${pgArray(fields.map((field) => field.pass))}::smallint[])
                 with ordinality as f(ends_at, pass, slot)
        ), v as (
          select f.ends_at, f.pass, x.location_id, x.amount
            from unnest(${pgArray(slots)}::int[], ${pgArray(ids)}::int[], ${pgArray(amounts)}::real[])
                 as x(slot, location_id, amount)
            join fields f on f.slot = x.slot
        ), cleared as (
          delete from ${table} r using v
           where v.amount = 0 and r.location_id = v.location_id and r.ends_at = v.ends_at and r.pass <= v.pass
             and r.ends_at between ${first.toISOString()} and ${last.toISOString()}
        )
        insert into ${table} as r (location_id, ends_at, amount, pass, source_id)
        select location_id, ends_at, amount, pass, ${sourceId} from v where amount > 0
        on conflict (location_id, ends_at) do update
           set amount = excluded.amount, pass = excluded.pass, source_id = excluded.source_id
         where excluded.pass >= r.pass
           and (excluded.amount, excluded.pass, excluded.source_id) is distinct from (r.amount, r.pass, r.source_id)`);
    },

    /** Deletes the values of `locationIds` for the intervals ending at `endsAt` (a moved location's old ones). */
    async clearLocations(
      product: PrecipitationProduct,
      locationIds: readonly number[],
      endsAt: readonly Date[],
    ): Promise<void> {
      if (locationIds.length === 0 || endsAt.length === 0) return;
      const times = endsAt.map((time) => time.getTime());
      const [first, last] = [new Date(Math.min(...times)), new Date(Math.max(...times))];
      await db.execute(sql`
        delete from ${VALUE_TABLES[product]}
         where location_id = any(${pgArray(locationIds)}::int[])
           and ends_at = any(${pgArray(endsAt)}::timestamptz[])
           and ends_at between ${first.toISOString()} and ${last.toISOString()}`);
    },
  };
}

export type RainfallRepository = ReturnType<typeof createRainfallRepository>;
