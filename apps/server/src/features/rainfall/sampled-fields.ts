import type { LocationPoint } from '../../core/tables/locations';
import type { IntervalKey } from './intervals';
import type { SampledInterval } from './rainfall.repository';

/** The root cause's message: a failed query's own message repeats the whole statement. */
export function errorText(error: unknown): string {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  return (root instanceof Error ? root.message : String(root)).slice(0, 500);
}

export const sameInterval = (a: IntervalKey, b: IntervalKey) =>
  a.product === b.product && a.endsAt.getTime() === b.endsAt.getTime();

/** Keeps the wet values only: where nothing was stored before, a dry value needs no row. */
export function wetOnly(field: SampledInterval): SampledInterval {
  const wet = field.amounts.map((amount, index) => (amount > 0 ? index : -1)).filter((index) => index >= 0);
  return {
    ...field,
    locationIds: wet.map((index) => field.locationIds[index] as number),
    amounts: wet.map((index) => field.amounts[index] as number),
  };
}

export const wetCount = (field: SampledInterval) => field.amounts.filter((amount) => amount > 0).length;

/** A sampled value counts when it is a real amount; negative or missing values are "no data". */
const usable = (value: number | null): value is number =>
  value !== null && Number.isFinite(value) && value >= 0;

/** Keeps the locations with data and their amounts in inches. */
export function toSampled(
  key: IntervalKey,
  points: readonly LocationPoint[],
  values: (number | null)[],
): SampledInterval {
  const locationIds: number[] = [];
  const amounts: number[] = [];
  values.forEach((value, index) => {
    const point = points[index];
    if (point && usable(value)) {
      locationIds.push(point.id);
      amounts.push(value);
    }
  });
  return { endsAt: key.endsAt, pass: key.pass, locationIds, amounts };
}

/**
 * Fields per statement: with few locations several intervals go in one statement (backfill
 * speed), but each batch is one transaction, and on the embedded database a transaction holds
 * every other statement (the API's included) until it ends. 24 fields of 250 locations (6,000
 * values) held it 0.2-0.9 s on this machine under load, what /readyz waited for during history
 * fills; 2,500 values halve the statement that writes them.
 */
export function fieldsPerBatch(locationCount: number): number {
  const VALUES_PER_BATCH = 2_500;
  const MAX_FIELDS_PER_BATCH = 24;
  return Math.max(
    1,
    Math.min(MAX_FIELDS_PER_BATCH, Math.floor(VALUES_PER_BATCH / Math.max(locationCount, 1))),
  );
}
