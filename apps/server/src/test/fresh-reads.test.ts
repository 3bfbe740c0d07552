import { eq, is, sql, Table } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../core/db/client';
import { createReadCache } from '../core/db/read-cache';
import * as schema from '../core/db/schema';
import { clients, locations, users } from '../core/db/schema';
import { cascadeTargets, createTableChanges, writtenTables } from '../core/db/table-changes';
import { noteReads } from '../core/db/table-reads';
import { createServices } from '../services';
import { bearer, buildContactUser, buildLocations, buildOwnedClient, buildUser, login } from './factories';
import { scriptedIngestion } from './scripted-source';
import { createTestApp, manualClock, type TestApp } from './test-app';

const HOUR = 3_600_000;
const NOW = new Date('2026-11-21T14:05:00Z');

/**
 * Reads are kept in memory until a table they came from is written (`db/read-cache.ts`): every
 * change made through the API shows on the very next read, and no copy outlives its data.
 */
describe('answers after a change', () => {
  let t: TestApp;
  const clock = manualClock(NOW);
  let rain = 0.1;
  let owner: { token: string; clientId: number; ids: number[] };
  let ownerEmail: string;

  const ingestion = () => scriptedIngestion(t, clock, () => rain);
  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...bearer(token), ...headers } });
  const post = (url: string, token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  const names = async (token: string) =>
    (await get('/api/locations', token)).json().map((row: { name: string }) => row.name);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    const rows = await buildLocations(t.services, client.id, ['North', 'South', 'East'], {
      perDegree: 1,
      longitude: -90,
      h24Threshold: 0.5,
    });
    await ingestion().ingestRange(new Date(NOW.getTime() - 24 * HOUR), NOW);
    ownerEmail = user.email;
    owner = {
      token: (await login(t.app, user.email)).token,
      clientId: client.id,
      ids: rows.map((row) => row.id),
    };
  }, 120_000);
  afterAll(() => t.close());

  it('shows a renamed location under its new name, with a new ETag, and 304 while unchanged', async () => {
    const before = await get('/api/locations', owner.token);
    const etag = before.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/api/locations', owner.token, { 'if-none-match': etag })).statusCode).toBe(304);
    const [id] = owner.ids;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/locations/${id}`,
      headers: bearer(owner.token),
      payload: { name: 'North Yard' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await get('/api/locations', owner.token, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(await names(owner.token)).toContain('North Yard');
  });

  it('forgets a deleted location at once: gone from the list, its series and totals 404', async () => {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    const [row] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Doomed', latitude: 31, longitude: -91, h24Threshold: 0.5 },
    ]);
    const id = row?.id as number;
    const { token } = await login(t.app, user.email);
    expect(await names(token)).toEqual(['Doomed']);
    expect((await get(`/api/locations/${id}/hourly_data?days=1`, token)).statusCode).toBe(200);
    expect((await post('/api/locations/24h_data', token, [id])).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/locations/${id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    expect(await names(token)).toEqual([]);
    expect((await get(`/api/locations/${id}/hourly_data?days=1`, token)).statusCode).toBe(404);
    expect((await post('/api/locations/24h_data', token, [id])).statusCode).toBe(404);
  });

  it('shows a contact only the locations still assigned, and a new co-owner role in /users/me', async () => {
    const { user, contact } = await buildContactUser(t.services, owner.clientId);
    const [north, south] = owner.ids as [number, number];
    await post(`/api/locations/${north}/contacts`, owner.token, [contact.id]);
    await post(`/api/locations/${south}/contacts`, owner.token, [contact.id]);
    const { token } = await login(t.app, user.email);
    expect(await names(token)).toHaveLength(2);
    expect((await get('/users/me', token)).json()).toMatchObject({ co_owner: false, location_count: 2 });

    await post(`/api/locations/${south}/remove_contacts`, owner.token, [contact.id]);
    expect(await names(token)).toHaveLength(1);
    expect((await get(`/api/locations/${south}/hourly_data?days=1`, token)).statusCode).toBe(404);

    const promoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/contacts/${contact.id}`,
      headers: bearer(owner.token),
      payload: { co_owner: true },
    });
    expect(promoted.statusCode).toBe(200);
    expect((await get('/users/me', token)).json()).toMatchObject({ co_owner: true });
  });

  it('refuses a token at once after its session signs out, and after masquerade ends', async () => {
    const { user } = await buildOwnedClient(t.services);
    const { token } = await login(t.app, user.email);
    expect((await get('/users/me', token)).statusCode).toBe(200);
    await post('/auth/jwt/logout', token, {});
    expect((await get('/users/me', token)).statusCode).toBe(401);

    const admin = await buildUser(t.services, { isSuperuser: true });
    const adminToken = (await login(t.app, admin.email)).token;
    expect((await get('/users/me', adminToken)).json().impersonator).toBeNull();
    const started = await post(
      `/api/services/user-token?email=${encodeURIComponent(user.email)}`,
      adminToken,
      {},
    );
    const actingToken = started.json().token as string;
    expect((await get('/users/me', actingToken)).json()).toMatchObject({
      email: user.email,
      impersonator: { email: admin.email },
    });
    await post('/auth/jwt/logout', actingToken, {});
    expect((await get('/users/me', actingToken)).statusCode).toBe(401);
  });

  it('refuses a deactivated user on the next request', async () => {
    const { user } = await buildOwnedClient(t.services);
    const { token } = await login(t.app, user.email);
    expect((await get('/users/me', token)).statusCode).toBe(200);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await get('/users/me', token)).statusCode).toBe(401);
  });

  it('shows a newly ingested hour in the totals and the series', async () => {
    const [id] = owner.ids as [number];
    const totals = async () =>
      (await post('/api/locations/24h_data', owner.token, [id])).json().locations[id];
    const series = async () =>
      Object.keys((await get(`/api/locations/${id}/hourly_data?days=2`, owner.token)).json().hourly_data);
    const [before, hoursBefore] = [await totals(), await series()];
    rain = 0.3;
    clock.advance(2 * HOUR);
    await ingestion().ingestRange(new Date(NOW.getTime() - 2 * HOUR), clock.now());
    // The access token lasts 15 minutes; the session goes on.
    owner.token = (await login(t.app, ownerEmail)).token;
    expect((await totals()).total_rainfall).toBeGreaterThan(before.total_rainfall);
    expect((await series()).length).toBeGreaterThan(hoursBefore.length);
  });

  it('shows a change written by raw SQL on the next read', async () => {
    const [, south] = owner.ids as [number, number];
    expect(await names(owner.token)).toContain('South');
    await t.database.db.execute(sql`update locations set name = 'South Gate' where id = ${south}`);
    expect(await names(owner.token)).toContain('South Gate');
  });

  it('gives a transaction its own reads, and forgets what a rolled-back or committed one wrote', async () => {
    const user = (await t.services.users.findById(
      (
        await t.services.accounts.findClient(owner.clientId)
      )?.ownerUserId as number,
    )) as schema.UserRow;
    const tierNow = async () => (await t.services.accounts.accessFor(user, owner.clientId)).client.tier;
    expect(await tierNow()).toBe('gold');
    await t.database.db.transaction(async (tx) => {
      await tx.update(clients).set({ tier: 'silver' }).where(eq(clients.id, owner.clientId));
      const inside = await t.services.servicesIn(tx).accounts.accessFor(user, owner.clientId);
      expect(inside.client.tier).toBe('silver');
    });
    expect(await tierNow()).toBe('silver');
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(clients).set({ tier: 'bronze' }).where(eq(clients.id, owner.clientId));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await tierNow()).toBe('silver');
    await t.database.db.update(clients).set({ tier: 'gold' }).where(eq(clients.id, owner.clientId));
    expect(await tierNow()).toBe('gold');
  });
});

describe('the write counter', () => {
  it('knows what a foreign key cascades to, from the schema', () => {
    const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, Table));
    const targets = cascadeTargets(tables);
    expect(targets.get('clients')).toEqual(
      expect.arrayContaining([
        'locations',
        'contacts',
        'client_admins',
        'contact_locations',
        'rainfall_hourly',
      ]),
    );
    expect(targets.get('users')).toEqual(expect.arrayContaining(['sessions', 'refresh_tokens', 'clients']));
  });

  it('tells the tables SQL text writes, or every table when it cannot tell', () => {
    const written = (text: string) => writtenTables({ sql: text }, undefined);
    expect(written('select * from locations where id = $1 for update')).toBeNull();
    expect(written('update locations l set name = $1 where l.id = $2')).toEqual(['locations']);
    expect(
      written(
        'with v as (select 1) delete from "rainfall_hourly" r using v; insert into "rainfall_hourly" as r values (1)',
      ),
    ).toEqual(['rainfall_hourly', 'rainfall_hourly']);
    expect(
      written('insert into users (email) values ($1) on conflict (email) do update set email = $1'),
    ).toEqual(['users']);
    expect(written('insert into rainfall_hourly_2026_07 values (1)')).toBe('*');
    expect(written('truncate locations')).toBe('*');
    expect(written('create index on locations (name)')).toBe('*');
  });

  it('drops a read that was loading while a write was counted (a write committed mid-read)', async () => {
    const changes = createTableChanges();
    const cache = createReadCache(changes, { maxAgeMs: Number.POSITIVE_INFINITY });
    const readingLocations = (load: () => Promise<string>) => async () => {
      noteReads(['locations']);
      return load();
    };
    let value = 'old';
    let release = () => {};
    const slow = cache.read(
      'key',
      readingLocations(
        () =>
          new Promise<string>((resolve) => {
            release = () => resolve(value);
          }),
      ),
    );
    value = 'new';
    changes.bump(['locations']);
    release();
    expect(await slow).toBe('new');
    value = 'newer';
    expect(
      await cache.read(
        'key',
        readingLocations(async () => value),
      ),
    ).toBe('newer');
    expect(
      await cache.read(
        'key',
        readingLocations(async () => 'unused'),
      ),
    ).toBe('newer');
    changes.bump(['contacts']);
    expect(
      await cache.read(
        'key',
        readingLocations(async () => 'unused'),
      ),
    ).toBe('newer');
    changes.bump(['clients']);
    expect(
      await cache.read(
        'key',
        readingLocations(async () => 'after cascade'),
      ),
    ).toBe('after cascade');
  });
});

describe.runIf(process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows the other process a change it made within a second', async () => {
    if (t.database.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const other = await openDatabase({ databaseUrl: t.database.connectionString });
    try {
      const { user, client } = await buildOwnedClient(t.services);
      const [row] = await t.services.locations.createMany([
        { clientId: client.id, name: 'Before', latitude: 30, longitude: -90, h24Threshold: 0.5 },
      ]);
      const { token } = await login(t.app, user.email);
      const listed = async () =>
        (await t.app.inject({ url: '/api/locations', headers: bearer(token) }))
          .json()
          .map((location: { name: string }) => location.name);
      expect(await listed()).toEqual(['Before']);
      const worker = await createServices({
        config: t.services.config,
        database: other,
        clock: t.services.clock,
        mailTransport: null,
      });
      await worker.database.db
        .update(locations)
        .set({ name: 'After' })
        .where(eq(locations.id, row?.id as number));
      await vi.waitFor(async () => expect(await listed()).toEqual(['After']), {
        timeout: 1_000,
        interval: 20,
      });
    } finally {
      await other.close();
    }
  });
});
