import { CSV_MESSAGES, type LocationImportRow } from '@pluvio/shared/csv-import';
import { LOCATION_MESSAGES } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { bearer, buildContactUser, buildOwnedClient, generatedRows, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

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

/**
 * A long file is written in short transactions (250 rows each), so the embedded database, one
 * connection, answers other requests between them; the file stays all or nothing.
 */
describe('a long location import in short transactions', () => {
  const LIMIT = 1000;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOCATIONS_PER_ACCOUNT: String(LIMIT) } });
  });
  afterAll(() => t.close());

  async function owner() {
    const { client, user } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    const { token } = await login(t.app, user.email);
    const importing = (rows: LocationImportRow[], preview = false) =>
      t.app.inject({
        method: 'POST',
        url: '/api/locations/import',
        headers: bearer(token),
        payload: { rows, preview },
      });
    return { client, importing };
  }

  /** What an import leaves in the database for the account besides its locations: history fills queued. */
  async function queuedFills(clientId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from rainfall_history_fills f
            join locations l on l.id = f.location_id where l.client_id = ${clientId}`,
    );
    return row?.n ?? 0;
  }

  it('previews a file of several batches with the counts the import then has, leaving nothing behind', async () => {
    const { client, importing } = await owner();
    await t.services.locations.createMany([
      { clientId: client.id, name: 'Site 700', latitude: 35, longitude: -118.5 },
    ]);
    // Row 1,102 repeats row 2 of the first batch; row 702 ("Site 700") is in the account already.
    const rows = [...generatedRows(999), { ...generatedRows(1)[0], row: 1102 }] as LocationImportRow[];
    const preview = await importing(rows, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().created).toBe(998);
    expect(preview.json().existing).toEqual([
      { row: 702, name: 'Site 700' },
      { row: 1102, name: 'Site 0' },
    ]);
    expect(await t.services.locations.countInClient(client.id)).toBe(1);
    expect(await queuedFills(client.id)).toBe(1);

    const imported = await importing(rows);
    expect(imported.json()).toEqual(preview.json());
    expect(await t.services.locations.countInClient(client.id)).toBe(999);
    expect(await queuedFills(client.id)).toBe(999);
  });

  it("previews a file that would pass LOCATIONS_PER_ACCOUNT with the import's refusal, changing nothing", async () => {
    const { client, importing } = await owner();
    await t.services.locations.createMany([
      { clientId: client.id, name: 'Depot', latitude: 30, longitude: -95 },
    ]);
    const preview = await importing(generatedRows(LIMIT), true);
    expect(preview.statusCode).toBe(409);
    expect(preview.json()).toEqual({ detail: QUOTA_MESSAGES.locationImportLimit(1, LIMIT, LIMIT) });
    expect(await t.services.locations.countInClient(client.id)).toBe(1);
  });

  it('removes the batches already written when a later one fails, so nothing of the file remains', async () => {
    const { client, importing } = await owner();
    // The fourth batch meets a database failure ("Site 900" is the 901st row of the file).
    await t.database.db.execute(sql`
      create function fail_on_site_900() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await t.database.db.execute(sql`
      create trigger fail_on_site_900 before insert on locations for each row
        when (new.name = 'Site 900') execute function fail_on_site_900()`);
    try {
      const failed = await importing(generatedRows(LIMIT - 1));
      expect(failed.statusCode).toBe(500);
      expect(await t.services.locations.countInClient(client.id)).toBe(0);
      expect(await queuedFills(client.id)).toBe(0);
    } finally {
      await t.database.db.execute(sql`drop trigger fail_on_site_900 on locations`);
      await t.database.db.execute(sql`drop function fail_on_site_900()`);
    }
  });

  it('refuses the file whole when the account reaches LOCATIONS_PER_ACCOUNT between two batches', async () => {
    const { client, importing } = await owner();
    const db = t.database.db;
    const transaction = db.transaction.bind(db);
    let batches = 0;
    // A location added through the form while the import's first batch is written.
    db.transaction = (async (...args: Parameters<typeof transaction>) => {
      batches += 1;
      if (batches === 2) {
        await t.services.locations.createMany([
          { clientId: client.id, name: 'Added meanwhile', latitude: 40, longitude: -90 },
        ]);
      }
      return transaction(...args);
    }) as typeof db.transaction;
    try {
      const refused = await importing(generatedRows(LIMIT));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: QUOTA_MESSAGES.locationImportLimit(1, LIMIT, LIMIT) });
    } finally {
      db.transaction = transaction;
    }
    // The location was added after the first batch was written, and the file refused at a later one.
    expect(batches).toBeGreaterThan(2);
    const listed = await t.services.locations.allIdsInClient(client.id);
    expect(listed).toHaveLength(1);
    expect((await t.services.locations.findInClient(client.id, listed[0] as number))?.name).toBe(
      'Added meanwhile',
    );
  });

  it('answers other requests while a file of 5,000 rows is written', async () => {
    const big = await createTestApp({ databaseThread: true });
    try {
      const { user, client } = await buildOwnedClient(big.services, undefined, { tier: 'gold' });
      const { token } = await login(big.app, user.email);
      let imported = false;
      const importing = Promise.resolve(
        big.app.inject({
          method: 'POST',
          url: '/api/locations/import',
          headers: bearer(token),
          payload: { rows: generatedRows(5000) },
        }),
      ).then((response) => {
        imported = true;
        return response;
      });
      const written = () => big.services.locations.countInClient(client.id);
      while (!imported && (await written()) === 0) {
        // Read again until the first batch is in.
      }
      const ready = await big.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      // Answered while the file is still being written, not after it.
      expect(await written()).toBeLessThan(5000);
      expect((await importing).json().created).toBe(5000);
    } finally {
      await big.close();
    }
  });
});
