import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../core/tables/rate-limits';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

describe('rate-limit counters', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const limit = { bucket: 'test', max: 2, windowMs: 60_000 };

  it('allows up to the limit in a window, says when to retry, and starts over in the next window', async () => {
    const { rateLimits } = t.services;
    const first = await rateLimits.take(limit, 'a');
    await rateLimits.take(limit, 'a');
    clock.advance(20_000);
    const third = await rateLimits.take(limit, 'a');
    expect(first.allowed).toBe(true);
    expect(third).toMatchObject({ allowed: false, retryAfterSeconds: 40 });
    expect((await rateLimits.take(limit, 'b')).allowed).toBe(true);

    clock.advance(40_000);
    expect((await rateLimits.take(limit, 'a')).allowed).toBe(true);
  });

  it('keeps no counter of an ended window after pruning, and names no one', async () => {
    const { rateLimits } = t.services;
    await rateLimits.take(limit, 'someone@example.com');
    clock.advance(61_000);
    await rateLimits.take(limit, '192.0.2.1');
    await rateLimits.prune();
    const rows = await t.database.db.select().from(rateLimitCounters);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('192.0.2.1');
  });
});
