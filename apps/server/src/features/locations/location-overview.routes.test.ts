import { locationOverviewSchema, locationSummariesOf } from '@pluvio/shared/location-overview';
import type { Location } from '@pluvio/shared/locations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildContactUser, buildOwnedClient, buildUser, login } from '../../test/factories';
import { scriptedIngestion, TEST_ATLAS14 } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const HOUR = 3_600_000;
const NOW = new Date('2026-11-21T14:05:00Z');
/** Latitude chooses the rain: 0.1 in an hour is over the 0.5 threshold in a day, 0.01 under it. */
const WET = 30;
const DAMP = 31;
const DRY = 32;

/** The fields of the paged list that the overview carries too. */
const OVERVIEW_FIELDS = [
  'id',
  'name',
  'latitude',
  'longitude',
  'total_rainfall',
  'color_24',
  'total_hourly_rainfall',
  'color_hourly',
] as const;

describe('GET /api/locations/overview', () => {
  let t: TestApp;
  let clientId: number;
  let ownerToken: string;
  let ids: number[];

  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...bearer(token), ...headers } });
  /** Every page of the specification's list, read as the dashboard used to. */
  async function pagedList(token: string, query = ''): Promise<Location[]> {
    const rows: Location[] = [];
    for (let page = 1; ; page++) {
      const answer: Location[] = (await get(`/api/locations?page=${page}&page_size=2${query}`, token)).json();
      rows.push(...answer);
      if (answer.length < 2) return rows;
    }
  }

  beforeAll(async () => {
    const clock = manualClock(NOW);
    t = await createTestApp({ clock });
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    clientId = client.id;
    ownerToken = (await login(t.app, user.email)).token;
    // Names out of order and of mixed case: the overview keeps the paged list's order.
    const rows = await t.services.locations.createMany(
      [
        ['yard', WET],
        ['Gate', DAMP],
        ['barn', DRY],
        ['Annex', WET],
        ['Dock', DRY],
      ].map(([name, latitude]) => ({
        clientId,
        name: name as string,
        latitude: latitude as number,
        longitude: -90,
        h24Threshold: 0.5,
        atlas14Threshold: TEST_ATLAS14,
      })),
    );
    ids = rows.map((row) => row.id);
    const rainOf = (latitude: number) => (latitude === WET ? 0.1 : latitude === DAMP ? 0.01 : 0);
    const ingestion = scriptedIngestion(
      t,
      clock,
      (key, point) => rainOf(point.latitude) / (key.product === '1h' ? 1 : 4),
    );
    await ingestion.ingestRange(new Date(NOW.getTime() - 2 * 24 * HOUR), NOW);
  }, 120_000);
  afterAll(() => t.close());

  it('gives every location with the totals and colours of the paged list, in its order', async () => {
    const response = await get('/api/locations/overview', ownerToken);
    expect(response.statusCode).toBe(200);
    const summaries = locationSummariesOf(locationOverviewSchema.parse(response.json()));
    const paged = await pagedList(ownerToken);
    expect(summaries.map((row) => row.name)).toEqual(['Annex', 'barn', 'Dock', 'Gate', 'yard']);
    expect(summaries).toEqual(
      paged.map((row) => Object.fromEntries(OVERVIEW_FIELDS.map((field) => [field, row[field]]))),
    );
    // The rain reached the answer: a wet site is red over its Atlas 14 depth, a dry one green.
    expect(summaries.find((row) => row.name === 'yard')?.color_24).toBe('red');
    expect(summaries.find((row) => row.name === 'Gate')?.color_24).toBe('green');
    expect(summaries.find((row) => row.name === 'Gate')?.total_rainfall).toBeGreaterThan(0);
  });

  it('answers 304 while nothing changed', async () => {
    const first = await get('/api/locations/overview', ownerToken);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get('/api/locations/overview', ownerToken, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.services.locations.createMany([{ clientId, name: 'New shed', latitude: DRY, longitude: -90 }]);
    const changed = await get('/api/locations/overview', ownerToken, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().name).toContain('New shed');
  });

  it('comes compressed for a large account', async () => {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    await t.services.locations.createMany(
      Array.from({ length: 300 }, (_, index) => ({
        clientId: client.id,
        name: `Site ${index + 1}`,
        latitude: 30 + index / 1000,
        longitude: -90,
      })),
    );
    const token = (await login(t.app, user.email)).token;
    const response = await get('/api/locations/overview', token, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('shows a plain contact only the locations assigned to it', async () => {
    const { user, contact } = await buildContactUser(t.services, clientId);
    await t.services.assignments.assignLocations(clientId, contact.id, [ids[1] ?? 0, ids[4] ?? 0]);
    const token = (await login(t.app, user.email)).token;
    const overview = (await get('/api/locations/overview', token)).json();
    expect(overview.name).toEqual(['Dock', 'Gate']);
    expect(overview.id).toEqual((await pagedList(token)).map((row) => row.id));
  });

  it("refuses another account's client_id, and lets a superuser name the account", async () => {
    const { user: stranger } = await buildOwnedClient(t.services);
    const strangerToken = (await login(t.app, stranger.email)).token;
    const refused = await get(`/api/locations/overview?client_id=${clientId}`, strangerToken);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBeTruthy();
    expect((await get('/api/locations/overview', strangerToken)).json().id).toEqual([]);

    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const adminToken = (await login(t.app, admin.email)).token;
    const asAdmin = await get(`/api/locations/overview?client_id=${clientId}`, adminToken);
    expect(asAdmin.json().id).toEqual((await pagedList(ownerToken)).map((row) => row.id));
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/locations/overview' })).statusCode).toBe(401);
  });
});
