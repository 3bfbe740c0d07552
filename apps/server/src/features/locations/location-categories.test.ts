import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContactUser, buildOwnedClient, signedInCaller } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-07-01T15:00:00Z');
const YARD = { name: 'Yard', latitude: 30.1, longitude: -95.2 };

describe('location categories and favourites', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: manualClock(NOW) });
  });
  afterAll(() => t.close());

  const as = (email: string) => signedInCaller(t.app, email);

  async function owner() {
    const { user, client } = await buildOwnedClient(t.services);
    return { client, call: await as(user.email) };
  }

  it('keeps a category trimmed, changes or clears it on edit, and lists it', async () => {
    const { call } = await owner();
    const created = await call({
      method: 'POST',
      url: '/api/locations',
      payload: { ...YARD, category: '  Warehouses ' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().category).toBe('Warehouses');

    const renamed = await call({ method: 'PATCH', url: `/api/locations/${id}`, payload: { name: 'Dock' } });
    expect(renamed.json()).toMatchObject({ name: 'Dock', category: 'Warehouses' });
    const moved = await call({
      method: 'PATCH',
      url: `/api/locations/${id}`,
      payload: { category: 'Yards' },
    });
    expect(moved.json().category).toBe('Yards');
    expect((await call({ url: `/api/locations/${id}` })).json().category).toBe('Yards');

    const cleared = await call({ method: 'PATCH', url: `/api/locations/${id}`, payload: { category: ' ' } });
    expect(cleared.json().category).toBeNull();
    const plain = await call({ method: 'POST', url: '/api/locations', payload: { ...YARD, name: 'Plain' } });
    expect(plain.json().category).toBeNull();
    const listed = (await call({ url: '/api/locations' })).json();
    expect(listed.map((l: { name: string; category: string | null }) => [l.name, l.category])).toEqual([
      ['Dock', null],
      ['Plain', null],
    ]);
  });

  it('refuses a category over 60 characters with a detail that says so, changing nothing', async () => {
    const { call } = await owner();
    const refused = await call({
      method: 'POST',
      url: '/api/locations',
      payload: { ...YARD, category: 'c'.repeat(61) },
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json().detail)).toContain('Category must be at most 60 characters');
    expect((await call({ url: '/api/locations' })).json()).toEqual([]);
  });

  it('imports categories from a file, and files without the column as before', async () => {
    const { call } = await owner();
    const row = { latitude: 30, longitude: -97, h24_threshold: 0.5, rapidrain_threshold: 0.5 };
    const imported = await call({
      method: 'POST',
      url: '/api/locations/import',
      payload: {
        rows: [
          { ...row, row: 2, name: 'Grouped', category: 'Farms' },
          { ...row, row: 3, name: 'Old style', latitude: 31 },
        ],
      },
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().created).toBe(2);
    const listed = (await call({ url: '/api/locations' })).json();
    expect(listed.map((l: { name: string; category: string | null }) => [l.name, l.category])).toEqual([
      ['Grouped', 'Farms'],
      ['Old style', null],
    ]);
  });

  it('stars and unstars a location for the caller alone; twice changes nothing', async () => {
    const { client, call } = await owner();
    const [first, second] = await t.services.locations.createMany(
      ['First', 'Second'].map((name, i) => ({ clientId: client.id, name, latitude: 30 + i, longitude: -97 })),
    );
    const favourites = async (caller = call) =>
      (await caller({ url: '/api/locations/favourites' })).json().location_ids;
    expect(await favourites()).toEqual([]);

    for (let twice = 0; twice < 2; twice++) {
      const starred = await call({ method: 'PUT', url: `/api/locations/${second?.id}/favourite` });
      expect(starred.statusCode).toBe(204);
    }
    await call({ method: 'PUT', url: `/api/locations/${first?.id}/favourite` });
    expect(await favourites()).toEqual([first?.id, second?.id]);

    const coOwner = await buildContactUser(t.services, client.id, { coOwner: true });
    expect(await favourites(await as(coOwner.user.email))).toEqual([]);

    for (let twice = 0; twice < 2; twice++) {
      const unstarred = await call({ method: 'DELETE', url: `/api/locations/${first?.id}/favourite` });
      expect(unstarred.statusCode).toBe(204);
    }
    expect(await favourites()).toEqual([second?.id]);
  });

  it('lets a plain contact star only its assigned locations, and hides a star once unassigned', async () => {
    const { client } = await owner();
    const [assigned, other] = await t.services.locations.createMany(
      ['Assigned', 'Other'].map((name, i) => ({
        clientId: client.id,
        name,
        latitude: 30 + i,
        longitude: -97,
      })),
    );
    const { user, contact } = await buildContactUser(t.services, client.id);
    await t.services.assignments.assignLocations(client.id, contact.id, [assigned?.id ?? 0]);
    const call = await as(user.email);

    expect((await call({ method: 'PUT', url: `/api/locations/${assigned?.id}/favourite` })).statusCode).toBe(
      204,
    );
    const refused = await call({ method: 'PUT', url: `/api/locations/${other?.id}/favourite` });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe('Location not found');
    expect((await call({ url: '/api/locations/favourites' })).json().location_ids).toEqual([assigned?.id]);

    await t.services.assignments.removeLocations(client.id, contact.id, [assigned?.id ?? 0]);
    expect((await call({ url: '/api/locations/favourites' })).json().location_ids).toEqual([]);
  });
});
