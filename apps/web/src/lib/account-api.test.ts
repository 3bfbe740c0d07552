import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, stubFetch } from '../testing/render';
import { fetchAllPages } from './account-api';

const item = z.object({ id: z.number() });

/** A list of `count` items served in pages of 250, recording the pages asked for. */
function serveList(count: number) {
  const asked: number[] = [];
  stubFetch((url) => {
    const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
    asked.push(page);
    const ids = Array.from({ length: count }, (_, index) => ({ id: index + 1 }));
    return jsonResponse(ids.slice((page - 1) * 250, page * 250));
  });
  return { asked };
}

describe('reading a whole list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('costs one request for a list shorter than a page', async () => {
    const { asked } = serveList(4);
    expect(await fetchAllPages('/api/locations/', item)).toHaveLength(4);
    expect(asked).toEqual([1]);
  });

  it('reads the pages after a full first one together, in order, until a short page', async () => {
    const { asked } = serveList(1_100);
    const items = await fetchAllPages('/api/locations/', item);
    expect(items.map((row) => row.id)).toEqual(Array.from({ length: 1_100 }, (_, index) => index + 1));
    expect(asked).toEqual([1, 2, 3, 4, 5]);
  });
});
