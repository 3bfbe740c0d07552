import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './ingestion.service';
import { intervalEnds, monthsCovering, publishedIntervals } from './intervals';

const at = (iso: string) => new Date(iso);
const describeKeys = (keys: ReturnType<typeof publishedIntervals>) =>
  keys.map((key) => `${key.product} ${key.endsAt.toISOString().slice(11, 16)} p${key.pass}`);

describe('intervals', () => {
  it('lists the interval ends after `from` up to and including `to`, on the product step', () => {
    expect(intervalEnds('15m', at('2026-11-21T10:05:00Z'), at('2026-11-21T10:45:00Z'))).toEqual([
      at('2026-11-21T10:15:00Z'),
      at('2026-11-21T10:30:00Z'),
      at('2026-11-21T10:45:00Z'),
    ]);
    expect(intervalEnds('1h', at('2026-11-21T10:00:00Z'), at('2026-11-21T11:59:00Z'))).toEqual([
      at('2026-11-21T11:00:00Z'),
    ]);
  });

  it('offers 15-minute fields at once, Pass 1 an hour after the hour and Pass 2 after two, only the best pass', () => {
    const keys = publishedIntervals(
      at('2026-11-21T09:00:00Z'),
      at('2026-11-21T12:30:00Z'),
      at('2026-11-21T12:10:00Z'),
    );
    expect(describeKeys(keys)).toEqual([
      '15m 12:00 p1',
      '15m 11:45 p1',
      '15m 11:30 p1',
      '15m 11:15 p1',
      '15m 11:00 p1',
      '1h 11:00 p1',
      '15m 10:45 p1',
      '15m 10:30 p1',
      '15m 10:15 p1',
      '15m 10:00 p1',
      '1h 10:00 p2',
      '15m 09:45 p1',
      '15m 09:30 p1',
      '15m 09:15 p1',
    ]);
  });

  it('names the months whose partitions a span of interval ends needs', () => {
    expect(monthsCovering(at('2026-11-30T23:00:00Z'), at('2026-12-01T00:00:00Z'))).toEqual([
      at('2026-11-01T00:00:00Z'),
      at('2026-12-01T00:00:00Z'),
    ]);
    expect(monthsCovering(at('2026-12-15T00:00:00Z'), at('2027-01-15T00:00:00Z'))).toEqual([
      at('2026-12-01T00:00:00Z'),
      at('2027-01-01T00:00:00Z'),
    ]);
  });

  it('retries after 15 minutes, doubling to at most 6 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map((attempts) => retryDelayMs(attempts) / 60_000)).toEqual([
      15, 30, 60, 120, 240, 360, 360,
    ]);
  });
});
