import { CSV_MESSAGES, type LocationImportRow } from '@pluvio/shared/csv-import';
import { LOCATION_MESSAGES } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildContactUser, buildOwnedClient, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** `count` distinct rows as the browser sends them (the header being row 1). */
function generatedRows(count: number): LocationImportRow[] {
  return Array.from({ length: count }, (_, i) => ({
    row: i + 2,
    name: `Site ${i}`,
    latitude: 25 + (i % 200) * 0.1,
    longitude: -120 + Math.floor(i / 200) * 0.5,
    h24_threshold: 1,
    rapidrain_threshold: 0.5,
  }));
}

const row = (fields: Partial<LocationImportRow> & { row: number; name: string }): LocationImportRow => ({
  latitude: 30,
  longitude: -95,
  h24_threshold: 0.5,
  rapidrain_threshold: 0.5,
  ...fields,
});

describe('POST /api/locations/import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function owner(tier: 'bronze' | 'silver' | 'gold' = 'silver', trial = false) {
    const { user, client } = await buildOwnedClient(t.services, undefined, {
      tier,
      isTrialAccount: trial,
      accountType: trial ? 'trial' : 'paid',
    });
    const { token } = await login(t.app, user.email);
    const call = (options: InjectOptions) => t.app.inject({ ...options, headers: bearer(token) });
    return { user, client, call };
  }

  const importing = (rows: LocationImportRow[], query = '') =>
    ({ method: 'POST', url: `/api/locations/import${query}`, payload: { rows } }) as InjectOptions;

  it('adds 5,000 rows at once, and nothing when the same file comes again', async () => {
    const { client, call } = await owner();
    const rows = generatedRows(5000);
    const first = await call(importing(rows, `?client_id=${client.id}`));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      created: 5000,
      existing: [],
      monthly_price: { before: 18, after: 18_000 },
    });
    expect(await t.services.locations.countInClient(client.id)).toBe(5000);

    const again = await call(importing(rows));
    expect(again.json().created).toBe(0);
    expect(again.json().monthly_price).toBeNull();
    expect(again.json().existing).toHaveLength(5000);
    expect(again.json().existing[4999]).toEqual({ row: 5001, name: 'Site 4999' });
    expect(await t.services.locations.countInClient(client.id)).toBe(5000);
  });

  it('refuses a file with bad rows whole, naming every bad row, and adds nothing', async () => {
    const { client, call } = await owner();
    const response = await call(
      importing([
        row({ row: 2, name: 'Good' }),
        row({ row: 3, name: 'Far North', latitude: 60 }),
        row({ row: 4, name: 'Also good', latitude: 31 }),
        row({ row: 7, name: 'Odd', h24_threshold: 0.3 }),
      ]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.map((issue: { msg: string }) => issue.msg)).toEqual([
      CSV_MESSAGES.row(3, CSV_MESSAGES.latitude('60')),
      CSV_MESSAGES.row(7, CSV_MESSAGES.limit24('0.3')),
    ]);
    expect(await t.services.locations.countInClient(client.id)).toBe(0);
  });

  it('previews an import: what it would add, what is there already and the new price, changing nothing', async () => {
    const { client, call } = await owner('gold');
    await t.services.locations.createMany(
      ['Depot', 'Shed', 'Barn', 'Silo'].map((name, i) => ({
        clientId: client.id,
        name,
        latitude: 30 + i,
        longitude: -95,
      })),
    );
    const rows = [
      row({ row: 2, name: 'Depot', latitude: 30 }),
      row({ row: 3, name: 'Yard', latitude: 29 }),
      row({ row: 4, name: 'Dock', latitude: 28 }),
    ];
    const preview = await call({ ...importing(rows), payload: { rows, preview: true } });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      created: 2,
      existing: [{ row: 2, name: 'Depot' }],
      monthly_price: { before: 24, after: 48 },
    });
    expect(await t.services.locations.countInClient(client.id)).toBe(4);

    const imported = await call(importing(rows));
    expect(imported.json()).toEqual(preview.json());
    expect(await t.services.locations.countInClient(client.id)).toBe(6);
  });

  it('adds the new rows of a file, lists those already there and stores them like the form', async () => {
    const { client, call } = await owner();
    await t.services.locations.createMany([
      { clientId: client.id, name: 'Depot', latitude: 30.5, longitude: -95.5 },
    ]);
    const { client: other } = await buildOwnedClient(t.services);
    await t.services.locations.createMany([
      { clientId: other.id, name: 'Yard', latitude: 30, longitude: -95 },
    ]);

    const response = await call(
      importing([
        row({ row: 2, name: 'Yard', rapidrain_threshold: 0.25 }),
        row({ row: 4, name: ' depot ', latitude: 30.500001, longitude: 95.5 }),
        row({ row: 5, name: 'Farm', longitude: 97.25, h24_threshold: 2, rapidrain_threshold: 2 }),
        row({ row: 6, name: 'YARD', latitude: 30.000004 }),
        row({ row: 8, name: 'Yard', latitude: 30.1 }),
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      created: 3,
      existing: [
        { row: 4, name: ' depot ' },
        { row: 6, name: 'YARD' },
      ],
      monthly_price: null,
    });

    const listed = await call({ url: '/api/locations' });
    expect(listed.json().map((l: { name: string }) => l.name)).toEqual(['Depot', 'Farm', 'Yard', 'Yard']);
    expect(listed.json()[1]).toMatchObject({
      longitude: -97.25,
      h24_threshold: 2,
      rapidrain_threshold: 2,
      status: 'active',
      active: true,
    });
    const depths = await t.services.sources.frequency.depthsAt({ latitude: 30, longitude: -97.25 });
    expect(listed.json()[1].atlas14_threshold).toEqual(depths);
    expect(depths?.['1h']).toHaveLength(10);
    expect(depths?.['24h']).toHaveLength(10);
    expect(listed.json()[2]).toMatchObject({ latitude: 30, rapidrain_threshold: 0.25 });
    expect(listed.json()[2].data_start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is for silver and up, not for trials, and only for managers', async () => {
    const rows = [row({ row: 2, name: 'Yard' })];
    const bronze = await owner('bronze');
    const refused = await bronze.call(importing(rows));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MESSAGES.tierTooLow });

    const trial = await owner('gold', true);
    const trialRefused = await trial.call(importing(rows));
    expect(trialRefused.statusCode).toBe(403);
    expect(trialRefused.json()).toEqual({ detail: LOCATION_MESSAGES.trialLimit });

    const gold = await owner('gold');
    const { user } = await buildContactUser(t.services, gold.client.id);
    const { token } = await login(t.app, user.email);
    const asContact = await t.app.inject({ ...importing(rows), headers: bearer(token) });
    expect(asContact.statusCode).toBe(403);

    const foreign = await gold.call(importing(rows, `?client_id=${bronze.client.id}`));
    expect(foreign.statusCode).toBe(404);
    for (const account of [bronze, trial, gold]) {
      expect(await t.services.locations.countInClient(account.client.id)).toBe(0);
    }
  });
});
