import { LOCATION_BULK_DELETE, LOCATION_MESSAGES, LOCATIONS_PER_BULK_DELETE } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('POST /api/locations/bulk-delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function ownerWith(count: number, tier: 'bronze' | 'silver' = 'silver', app = t) {
    const { user, client } = await buildOwnedClient(app.services, undefined, { tier });
    const rows = await app.services.locations.createMany(
      Array.from({ length: count }, (_, i) => ({
        clientId: client.id,
        name: `Site ${i}`,
        latitude: 30 + i * 0.01,
        longitude: -95,
      })),
    );
    const { token } = await login(app.app, user.email);
    const remove = (ids: number[]) =>
      app.app.inject({
        method: 'POST',
        url: '/api/locations/bulk-delete',
        headers: bearer(token),
        payload: { ids },
      } as InjectOptions);
    return { client, ids: rows.map((row) => row.id), remove };
  }

  it('deletes the chosen locations in one request and leaves the others', async () => {
    const { client, ids, remove } = await ownerWith(5);
    const response = await remove([ids[0], ids[2], ids[2], ids[4]] as number[]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: 3 });
    expect(await t.services.locations.countInClient(client.id)).toBe(2);
  });

  it("deletes nothing when one id is not the account's", async () => {
    const mine = await ownerWith(2);
    const theirs = await ownerWith(1);
    const response = await mine.remove([...mine.ids, ...theirs.ids]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: LOCATION_MESSAGES.notFound });
    expect(await t.services.locations.countInClient(mine.client.id)).toBe(2);
    expect(await t.services.locations.countInClient(theirs.client.id)).toBe(1);
  });

  it('refuses bronze, and more ids than one request may carry, with a clear message', async () => {
    const bronze = await ownerWith(1, 'bronze');
    const refused = await bronze.remove(bronze.ids);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MESSAGES.tierTooLow });

    const silver = await ownerWith(1);
    const tooMany = Array.from({ length: LOCATIONS_PER_BULK_DELETE + 1 }, (_, i) => i + 1);
    const over = await silver.remove(tooMany);
    expect(over.statusCode).toBe(422);
    expect(over.json().detail[0].msg).toBe(LOCATION_BULK_DELETE.limit);
    expect(await t.services.locations.countInClient(silver.client.id)).toBe(1);
  });

  it('deletes 5,000 locations in short batches, answering other requests meanwhile', async () => {
    // PGlite in a thread of its own, as `npm start` runs it: one transaction there holds every request.
    const big = await createTestApp({ databaseThread: true });
    try {
      const { client, ids, remove } = await ownerWith(LOCATIONS_PER_BULK_DELETE, 'silver', big);
      let answered = false;
      const removing = Promise.resolve(remove(ids)).then((response) => {
        answered = true;
        return response;
      });
      const left = () => big.services.locations.countInClient(client.id);
      while (!answered && (await left()) === LOCATIONS_PER_BULK_DELETE) {
        // Read again until the first batch is gone.
      }
      expect((await big.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      // Answered while the locations are still being deleted, not after.
      expect(await left()).toBeGreaterThan(0);
      const response = await removing;
      expect(response.json()).toEqual({ deleted: LOCATIONS_PER_BULK_DELETE });
      expect(await left()).toBe(0);
    } finally {
      await big.close();
    }
  });
});
