import { shiftDate } from '@pluvio/shared/calendar';

/**
 * Which historical report is already paid for (issue 26): the fee buys an account the rainfall of
 * some locations over some days, whatever the report's type or format. A request is free when
 * every one of its locations has each of its days in reports of the account paid for before
 * (one report or several together); a request that adds a location or a day is charged the fee.
 */

/** A report's locations and days, both dates included. */
export interface Period {
  from: string;
  to: string;
  locationIds: readonly number[];
}

/** Whether the days `from` to `to` are all inside the ranges together (they may touch or overlap). */
function rangesCover(ranges: readonly { from: string; to: string }[], from: string, to: string): boolean {
  let coveredUntil = shiftDate(from, -1);
  for (const range of [...ranges].sort((a, b) => a.from.localeCompare(b.from))) {
    if (range.from > shiftDate(coveredUntil, 1)) break;
    if (range.to > coveredUntil) coveredUntil = range.to;
    if (coveredUntil >= to) return true;
  }
  return coveredUntil >= to;
}

/** Whether every location of `asked` has every day of it in the paid periods. */
export function isPaidFor(paid: readonly Period[], asked: Period): boolean {
  return asked.locationIds.every((locationId) =>
    rangesCover(
      paid.filter((period) => period.locationIds.includes(locationId)),
      asked.from,
      asked.to,
    ),
  );
}
