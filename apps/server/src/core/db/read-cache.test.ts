import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';
import { createTableChanges } from './table-changes';

describe('kept reads bounded by bytes', () => {
  function boundedCache(maxBytes: number) {
    const loads: string[] = [];
    const cache = createReadCache(createTableChanges(), {
      maxAgeMs: Number.POSITIVE_INFINITY,
      maxEntries: Number.POSITIVE_INFINITY,
      maxBytes,
      sizeOf: (value) => (value as string).length,
    });
    const read = (key: string, body: string) =>
      cache.read(key, async () => {
        loads.push(key);
        return body;
      });
    return { read, loads };
  }

  it('drops the oldest answers once their keys and bodies weigh more than the limit', async () => {
    const { read, loads } = boundedCache(1_000);
    await read('a', 'x'.repeat(400));
    await read('b', 'y'.repeat(400));
    await read('a', 'unused');
    expect(loads).toEqual(['a', 'b']);

    // 3 × 401 bytes is over 1,000: the oldest, a, goes (being read again does not make it newer).
    await read('c', 'z'.repeat(400));
    await read('b', 'unused');
    await read('c', 'unused');
    expect(loads).toEqual(['a', 'b', 'c']);
    expect(await read('a', 'x'.repeat(400))).toBe('x'.repeat(400));
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps any number of small answers, and does not keep one larger than the limit', async () => {
    const { read, loads } = boundedCache(100_000);
    for (let index = 0; index < 3_000; index++) await read(`k${index}`, '.');
    for (let index = 0; index < 3_000; index++) await read(`k${index}`, 'unused');
    expect(loads).toHaveLength(3_000);

    await read('large', 'x'.repeat(200_000));
    await read('large', 'x'.repeat(200_000));
    expect(loads.filter((key) => key === 'large')).toHaveLength(2);
    for (let index = 0; index < 3_000; index++) await read(`k${index}`, 'unused');
    expect(loads).toHaveLength(3_002);
  });
});
