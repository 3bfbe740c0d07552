import { API_KEY_MESSAGES } from '@pluvio/shared/api-keys';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../core/tables/audit';
import { bearer, buildContactUser, buildOwnedClient, login } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const LOCATION = { name: 'Yard', latitude: 30.1, longitude: -95.2, h24_threshold: 0.5 };

describe('API keys', () => {
  const clock = manualClock();
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { API_KEYS_PER_ACCOUNT: '3', API_KEY_REQUESTS_PER_MINUTE: '8', LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(() => t.close());
  // Each test starts a new minute: no key's requests a minute carry over.
  beforeEach(() => clock.advance(61_000));

  const send = (token: string, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });

  /** An owned account with one location, its owner's session token, and a key of `scope`. */
  async function account(scope: 'read' | 'read_write' = 'read') {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    const { token } = await login(t.app, user.email);
    const location = await send(token, { method: 'POST', url: '/api/locations/', payload: LOCATION });
    const created = await send(token, {
      method: 'POST',
      url: `/api/api-keys?client_id=${client.id}`,
      payload: { name: 'Nightly export', scope },
    });
    expect(created.statusCode).toBe(201);
    return { user, client, token, locationId: location.json().id as number, created: created.json() };
  }

  it('creates a key shown once, lists it by its prefix, and audits creation and revocation', async () => {
    const { client, token, created } = await account();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Nightly export',
      scope: 'read',
      key: expect.stringMatching(/^pk_[A-Za-z0-9_-]{43}$/),
      created_at: clock.now().toISOString(),
    });
    const list = await send(token, { url: `/api/api-keys?client_id=${client.id}` });
    expect(list.json()).toEqual([
      {
        id: created.id,
        name: 'Nightly export',
        scope: 'read',
        prefix: created.key.slice(0, 9),
        created_at: created.created_at,
        last_used_at: null,
      },
    ]);
    expect(list.body).not.toContain(created.key);

    const revoked = await send(token, { method: 'DELETE', url: `/api/api-keys/${created.id}` });
    expect(revoked.statusCode).toBe(204);
    const entries = await t.database.db.select().from(auditLog);
    const ours = entries.filter((entry) => entry.clientId === client.id).map((entry) => entry.action);
    expect(ours).toEqual(expect.arrayContaining(['api_key_created', 'api_key_revoked']));
    expect(JSON.stringify(entries)).not.toContain(created.key);
  });

  it("follows its own account's report tasks only, not those of the owner's other accounts", async () => {
    const { client, token, created } = await account();
    const other = await send(token, {
      method: 'POST',
      url: `/api/clients/${client.id}/new`,
      payload: { account_name: 'Second site group' },
    });
    expect(other.statusCode).toBe(201);
    const otherId = other.json().id as number;
    const location = await send(token, {
      method: 'POST',
      url: `/api/locations?client_id=${otherId}`,
      payload: LOCATION,
    });
    const queued = await send(token, {
      method: 'POST',
      url: `/api/reports/data_by_date_range/2026-11-01/2026-11-07?client_id=${otherId}`,
      payload: { email_format: 'csv', email_list: [], locations: [location.json().id] },
    });
    expect(queued.statusCode).toBe(202);
    const url = `/api/tasks/${queued.json().task_id}`;
    expect((await send(token, { url })).statusCode).toBe(200);
    for (const path of [url, `${url}/file`]) {
      const refused = await send(created.key, { url: path });
      expect(refused.statusCode, path).toBe(404);
      expect(refused.json()).toHaveProperty('detail');
    }
  });

  it("reads the account's locations with a key, and the key is refused once revoked", async () => {
    const { token, locationId, created } = await account();
    const locations = await send(created.key, { url: '/api/locations' });
    expect(locations.statusCode).toBe(200);
    expect(locations.json().map((location: { id: number }) => location.id)).toEqual([locationId]);

    await send(token, { method: 'DELETE', url: `/api/api-keys/${created.id}` });
    const refused = await send(created.key, { url: '/api/locations' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: API_KEY_MESSAGES.invalid });
    expect((await send('pk_not-a-key', { url: '/api/locations' })).statusCode).toBe(401);
  });

  it('refuses writes with a read key and allows them with a read-and-write key', async () => {
    const readOnly = (await account('read')).created.key;
    const refused = await send(readOnly, { method: 'POST', url: '/api/locations/', payload: LOCATION });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: API_KEY_MESSAGES.readOnly });

    const readWrite = (await account('read_write')).created.key;
    const written = await send(readWrite, { method: 'POST', url: '/api/locations/', payload: LOCATION });
    expect(written.statusCode).toBe(201);
  });

  it('never reaches another account, even one its owner also owns', async () => {
    const { user, locationId, created } = await account('read_write');
    const other = await buildOwnedClient(t.services, user, { tier: 'gold' });
    const stranger = await account();
    for (const url of [
      `/api/locations?client_id=${other.client.id}`,
      `/api/clients/${other.client.id}`,
      `/api/locations?client_id=${stranger.client.id}`,
      `/api/locations/${stranger.locationId}`,
    ]) {
      expect((await send(created.key, { url })).statusCode, url).toBe(404);
    }
    const theirs = await send(stranger.created.key, { url: `/api/locations/${locationId}` });
    expect(theirs.statusCode).toBe(404);
  });

  it('is refused on sign-in, the owner’s details, billing, keys and admin routes', async () => {
    const { client, created } = await account('read_write');
    const refusals: InjectOptions[] = [
      { method: 'POST', url: '/auth/jwt/logout' },
      { method: 'PATCH', url: '/users/me', payload: { first_name: 'Key' } },
      { method: 'GET', url: `/api/billing/subscription?client_id=${client.id}` },
      { method: 'GET', url: `/api/api-keys?client_id=${client.id}` },
      { method: 'POST', url: '/api/api-keys', payload: { name: 'Another', scope: 'read_write' } },
      { method: 'GET', url: '/api/admin/audit' },
      { method: 'GET', url: '/api/clients' },
    ];
    for (const options of refusals) {
      const response = await send(created.key, options);
      expect([response.statusCode, options.url]).toEqual([403, options.url]);
      expect(response.json()).toHaveProperty('detail');
    }
    expect((await send(created.key, { url: '/users/me' })).statusCode).toBe(200);
  });

  it('lets only the owner manage keys, up to the limit of an account', async () => {
    const { client, token } = await account();
    const coOwner = await buildContactUser(t.services, client.id, { coOwner: true });
    const coOwnerToken = (await login(t.app, coOwner.user.email)).token;
    const url = `/api/api-keys?client_id=${client.id}`;
    const body = { name: 'More', scope: 'read' };
    const byCoOwner = await send(coOwnerToken, { method: 'POST', url, payload: body });
    expect(byCoOwner.json()).toEqual({ detail: API_KEY_MESSAGES.ownersOnly });
    expect((await send(coOwnerToken, { url })).statusCode).toBe(403);

    for (const expected of [201, 201, 409]) {
      expect((await send(token, { method: 'POST', url, payload: body })).statusCode).toBe(expected);
    }
    const over = await send(token, { method: 'POST', url, payload: body });
    expect(over.json()).toEqual({ detail: API_KEY_MESSAGES.limit(3) });
  });

  it('limits the requests a minute of each key, and writes its last use at most once a minute', async () => {
    const { client, token, created } = await account();
    const lastUsed = async () =>
      (await send(token, { url: `/api/api-keys?client_id=${client.id}` })).json()[0].last_used_at;
    const firstUse = clock.now().toISOString();
    const statuses: number[] = [];
    for (let request = 0; request < 9; request += 1) {
      statuses.push((await send(created.key, { url: '/api/locations' })).statusCode);
      clock.advance(1_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    const refused = await send(created.key, { url: '/api/locations' });
    expect(refused.json()).toEqual({ detail: API_KEY_MESSAGES.tooManyRequests(8) });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await lastUsed()).toBe(firstUse);

    clock.advance(60_000);
    await send(created.key, { url: '/api/locations' });
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });

  it('keeps keys out of every log line', async () => {
    const { created } = await account();
    lines.length = 0;
    await send(created.key, { url: '/api/locations' });
    await send(created.key, { method: 'POST', url: '/api/locations/', payload: LOCATION });
    // A line that logs a request with its headers (as a plugin might) shows none of them.
    t.app.log.info({ req: { headers: bearer(created.key) } }, 'a request with its headers');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('\n')).not.toContain(created.key);
    expect(lines.join('\n')).not.toContain('pk_');
  });

  it('describes API keys as a security scheme of the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/docs/json' })).json();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
