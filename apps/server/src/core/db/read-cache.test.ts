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

describe('kept reads admitted from their second read', () => {
  it('makes a value asked for once without keeping it, and keeps it from its second asking', async () => {
    const loads: string[] = [];
    const cache = createReadCache(createTableChanges(), {
      maxAgeMs: Number.POSITIVE_INFINITY,
      doorkeeperKeys: 3,
    });
    const read = (key: string) =>
      cache.read(key, async () => {
        loads.push(key);
        return key.toUpperCase();
      });

    expect(await read('a')).toBe('A');
    expect(await read('a')).toBe('A');
    expect(await read('a')).toBe('A');
    expect(loads).toEqual(['a', 'a']);

    // Once more keys than it holds were read, the doorkeeper forgets b: b counts as new again.
    for (const key of ['b', 'c', 'd', 'e', 'f', 'g']) await read(key);
    for (let asked = 0; asked < 3; asked++) await read('b');
    expect(loads.filter((key) => key === 'b')).toEqual(['b', 'b', 'b']);
  });
});
