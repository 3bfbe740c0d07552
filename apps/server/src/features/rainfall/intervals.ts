import { PASS_PUBLICATION_DELAY_MINUTES } from '@pluvio/shared/system-health';
import type { Pass, PrecipitationProduct } from '../sources';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Length of one accumulation interval of each product. */
export const STEP_MS: Record<PrecipitationProduct, number> = { '15m': 15 * MINUTE, '1h': HOUR };

/** One field to ingest: a product's interval, by its end, and the pass. */
export interface IntervalKey {
  product: PrecipitationProduct;
  endsAt: Date;
  pass: Pass;
}

/**
 * When each field is published after its interval ends (D3): 15-minute fields at once, hourly
 * Pass 1 about an hour later, Pass 2 about two hours later.
 */
const PUBLICATION_DELAY_MS = {
  '15m': [0],
  '1h': [PASS_PUBLICATION_DELAY_MINUTES[1] * MINUTE, PASS_PUBLICATION_DELAY_MINUTES[2] * MINUTE],
} as const;

export function publishedAt(key: IntervalKey): Date {
  const delays: readonly number[] = PUBLICATION_DELAY_MS[key.product];
  return new Date(key.endsAt.getTime() + (delays[key.pass - 1] ?? 0));
}

/** Interval ends of a product in (from, to], oldest first. */
export function intervalEnds(product: PrecipitationProduct, from: Date, to: Date): Date[] {
  const step = STEP_MS[product];
  const ends: Date[] = [];
  for (let end = Math.floor(from.getTime() / step) * step + step; end <= to.getTime(); end += step) {
    ends.push(new Date(end));
  }
  return ends;
}

/**
 * The best published field of each interval of a product ending in (from, to] at `now`, oldest
 * first: 15-minute fields have one pass; for an hour Pass 2 once it is out, else Pass 1 (D3).
 * Intervals with nothing published yet are left out.
 */
export function bestPublished(product: PrecipitationProduct, from: Date, to: Date, now: Date): IntervalKey[] {
  const passes = product === '1h' ? ([2, 1] as const) : ([1] as const);
  return intervalEnds(product, from, to).flatMap((endsAt) => {
    const best = passes
      .map((pass): IntervalKey => ({ product, endsAt, pass }))
      .find((key) => publishedAt(key) <= now);
    return best ? [best] : [];
  });
}

/** Whether a field is the last pass its interval will get (Pass 2 of an hour, any 15-minute field). */
export function isFinalPass(key: IntervalKey): boolean {
  return key.product === '15m' || key.pass === 2;
}

/**
 * The fields worth ingesting for intervals ending in (from, to] at `now`, newest first: every
 * published 15-minute field, and for each hour the best published pass only (Pass 2 replaces
 * Pass 1, so once Pass 2 is out, Pass 1 is not fetched at all).
 */
export function publishedIntervals(from: Date, to: Date, now: Date): IntervalKey[] {
  return [...bestPublished('15m', from, to, now), ...bestPublished('1h', from, to, now)].sort(
    (a, b) => b.endsAt.getTime() - a.endsAt.getTime(),
  );
}

/** First instant (UTC) of each month that intervals ending in [first, last] fall in, as partitions see them. */
export function monthsCovering(first: Date, last: Date): Date[] {
  const months: Date[] = [];
  let month = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1);
  while (month <= last.getTime()) {
    months.push(new Date(month));
    const current = new Date(month);
    month = Date.UTC(current.getUTCFullYear(), current.getUTCMonth() + 1, 1);
  }
  return months;
}
