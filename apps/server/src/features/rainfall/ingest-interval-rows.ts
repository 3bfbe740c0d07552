import type { IngestStatus } from '@pluvio/shared/rainfall';
import { pgArray } from '../../core/db/pg-array';
import type { Pass, PrecipitationProduct } from '../sources';
import type { IntervalKey } from './intervals';

/** A row of `ingest_intervals` as the raw queries answer it. */
export interface IntervalRow {
  product: PrecipitationProduct;
  ends_at: Date | string;
  pass: number;
  status: IngestStatus;
  attempts: number;
  last_error: string | null;
}

export const toKey = (row: Pick<IntervalRow, 'product' | 'ends_at' | 'pass'>): IntervalKey => ({
  product: row.product,
  endsAt: new Date(row.ends_at),
  pass: row.pass as Pass,
});

export function keyArrays(keys: readonly IntervalKey[]) {
  return {
    products: pgArray(keys.map((key) => key.product)),
    ends: pgArray(keys.map((key) => key.endsAt)),
    passes: pgArray(keys.map((key) => key.pass)),
  };
}
