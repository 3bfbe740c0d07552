import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOwnedClient } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('NOAA Atlas 14 depths of saved locations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('asks for every location saved without them, once, and leaves places outside Atlas 14 without', async () => {
    const { client } = await buildOwnedClient(t.services);
    const old = await t.services.locations.createMany([
      { clientId: client.id, name: 'Levee', latitude: 29.95, longitude: -90.07 },
      { clientId: client.id, name: 'Mesa', latitude: 33.4, longitude: -111.8 },
      { clientId: client.id, name: 'Saskatoon', latitude: 52.13, longitude: -106.67 },
    ]);
    expect(old.map((row) => row.atlas14Threshold)).toEqual([null, null, null]);

    expect(await t.services.locations.fillAtlas14()).toEqual({ filled: 3, failure: null });
    const [levee, mesa, abroad] = await Promise.all(
      old.map((row) => t.services.locations.findInClient(client.id, row.id)),
    );
    for (const [row, point] of [
      [levee, { latitude: 29.95, longitude: -90.07 }],
      [mesa, { latitude: 33.4, longitude: -111.8 }],
    ] as const) {
      expect(row?.atlas14Threshold?.['1h']).toHaveLength(10);
      expect(row?.atlas14Threshold?.['24h']).toHaveLength(10);
      expect(row?.atlas14Threshold).toEqual(await t.services.sources.frequency.depthsAt(point));
    }
    expect(abroad?.atlas14Threshold).toBeNull();
    expect(await t.services.locations.fillAtlas14()).toEqual({ filled: 0, failure: null });
  });
});
