import { LOCATION_MESSAGES } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContactUser, buildOwnedClient, buildUser, signedInCaller } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

/** 03:30 UTC on 1 July is still 30 June in New York (EDT): new locations date from the 30th. */
const NOW = new Date('2026-07-01T03:30:00Z');
const NEW_YORK_TODAY = '2026-06-30';

const YARD = { name: 'Yard', latitude: 30.1, longitude: -95.2 };

describe('/api/locations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: manualClock(NOW) });
  });
  afterAll(() => t.close());

  const as = (email: string) => signedInCaller(t.app, email);

  async function owner(tier: 'bronze' | 'silver' | 'gold' = 'gold', trial = false) {
    const { user, client } = await buildOwnedClient(t.services, undefined, {
      tier,
      isTrialAccount: trial,
      accountType: trial ? 'trial' : 'paid',
    });
    return { client, call: await as(user.email) };
  }

  async function seed(clientId: number, names: string[]) {
    return t.services.locations.createMany(
      names.map((name, i) => ({ clientId, name, latitude: 30 + i / 100, longitude: -97, h24Threshold: 1 })),
    );
  }

  it('gives NOAA Atlas 14 depths to silver accounts and up, never to bronze', async () => {
    for (const [tier, seesDepths] of [
      ['bronze', false],
      ['silver', true],
    ] as const) {
      const { call } = await owner(tier);
      const created = await call({
        method: 'POST',
        url: '/api/locations',
        payload: { name: 'Yard', latitude: 30.1, longitude: -95.2 },
      });
      const listed = (await call({ url: '/api/locations' })).json();
      for (const location of [created.json(), listed[0]]) {
        expect(location.atlas14_threshold !== null, tier).toBe(seesDepths);
      }
    }
  });

  it('lists the account by name, case-insensitive, in pages of at most 250', async () => {
    const { client, call } = await owner();
    await seed(client.id, ['bravo', 'Alpha', 'charlie', 'alpha']);
    await seed((await buildOwnedClient(t.services)).client.id, ['Aardvark']);

    const all = await call({ url: '/api/locations' });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((l: { name: string }) => l.name)).toEqual(['Alpha', 'alpha', 'bravo', 'charlie']);

    const page2 = await call({ url: `/api/locations/?client_id=${client.id}&page=2&page_size=3` });
    expect(page2.json().map((l: { name: string }) => l.name)).toEqual(['charlie']);
    const tooBig = await call({ url: '/api/locations/?page_size=251' });
    expect(tooBig.statusCode).toBe(422);
  });

  it('creates a location with the defaults: 0.5 inches, RapidRain equal, active, data from today in New York, Atlas 14 depths', async () => {
    const { client, call } = await owner('silver');
    const created = await call({
      method: 'POST',
      url: '/api/locations',
      payload: { ...YARD, longitude: 95.2 },
    });
    expect(created.statusCode).toBe(201);
    const location = created.json();
    expect(location).toMatchObject({
      client_id: client.id,
      name: 'Yard',
      latitude: 30.1,
      longitude: -95.2,
      h24_threshold: 0.5,
      rapidrain_threshold: 0.5,
      status: 'active',
      active: true,
      data_start_date: NEW_YORK_TODAY,
    });
    const depths = await t.services.sources.frequency.depthsAt({ latitude: 30.1, longitude: -95.2 });
    expect(location.atlas14_threshold).toEqual(depths);
    expect(depths?.['1h']).toHaveLength(10);
    expect(depths?.['24h']).toHaveLength(10);
    const read = await call({ url: `/api/locations/${location.id}/?client_id=${client.id}` });
    expect(read.json()).toEqual(location);

    const emptyRapid = await call({
      method: 'POST',
      url: '/api/locations/',
      payload: { ...YARD, name: 'Gate', h24_threshold: '2', rapidrain_threshold: '' },
    });
    expect(emptyRapid.json()).toMatchObject({ h24_threshold: 2, rapidrain_threshold: 2 });
  });

  it("answers each field's message of the location form", async () => {
    const { call } = await owner();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...YARD, name: '  ' }, 'name', LOCATION_MESSAGES.nameRequired],
      [{ latitude: 30, longitude: -95 }, 'name', LOCATION_MESSAGES.nameRequired],
      [{ ...YARD, latitude: 23.9 }, 'latitude', LOCATION_MESSAGES.latitudeRange],
      [{ ...YARD, latitude: 49.1 }, 'latitude', LOCATION_MESSAGES.latitudeRange],
      [{ ...YARD, latitude: '' }, 'latitude', LOCATION_MESSAGES.latitudeRequired],
      [{ ...YARD, longitude: -122.5 }, 'longitude', LOCATION_MESSAGES.longitudeRange],
      [{ ...YARD, longitude: 65 }, 'longitude', LOCATION_MESSAGES.longitudeRange],
      [{ ...YARD, h24_threshold: 0.3 }, 'h24_threshold', LOCATION_MESSAGES.h24Threshold],
      [{ ...YARD, rapidrain_threshold: 5 }, 'rapidrain_threshold', LOCATION_MESSAGES.rapidrainThreshold],
    ];
    for (const [payload, field, msg] of cases) {
      const response = await call({ method: 'POST', url: '/api/locations', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg }));
    }
    const listed = await call({ url: '/api/locations' });
    expect(listed.json()).toEqual([]);
  });

  it('lets a trial account add its one location and no more', async () => {
    const { call } = await owner('gold', true);
    const first = await call({ method: 'POST', url: '/api/locations', payload: YARD });
    expect(first.statusCode).toBe(201);
    const second = await call({ method: 'POST', url: '/api/locations', payload: { ...YARD, name: 'Gate' } });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ detail: LOCATION_MESSAGES.trialLimit });
    expect((await call({ url: '/api/locations' })).json()).toHaveLength(1);
  });

  it('keeps bronze to one threshold and no deleting; silver sets RapidRain apart and deletes', async () => {
    const bronze = await owner('bronze');
    const distinct = await bronze.call({
      method: 'POST',
      url: '/api/locations',
      payload: { ...YARD, h24_threshold: 1, rapidrain_threshold: 0.25 },
    });
    expect(distinct.statusCode).toBe(403);
    expect(distinct.json()).toEqual({ detail: MESSAGES.tierTooLow });
    const same = await bronze.call({
      method: 'POST',
      url: '/api/locations',
      payload: { ...YARD, h24_threshold: 1, rapidrain_threshold: 1 },
    });
    expect(same.statusCode).toBe(201);
    const id = same.json().id;
    const followed = await bronze.call({
      method: 'PATCH',
      url: `/api/locations/${id}`,
      payload: { h24_threshold: 2 },
    });
    expect(followed.json()).toMatchObject({ h24_threshold: 2, rapidrain_threshold: 2 });
    const patchDistinct = await bronze.call({
      method: 'PATCH',
      url: `/api/locations/${id}`,
      payload: { rapidrain_threshold: 0.5 },
    });
    expect(patchDistinct.statusCode).toBe(403);
    const deleted = await bronze.call({ method: 'DELETE', url: `/api/locations/${id}` });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json()).toEqual({ detail: MESSAGES.tierTooLow });
    expect((await bronze.call({ url: `/api/locations/${id}` })).json()).toMatchObject({
      rapidrain_threshold: 2,
    });

    const silver = await owner('silver');
    const apart = await silver.call({
      method: 'POST',
      url: '/api/locations',
      payload: { ...YARD, h24_threshold: 1, rapidrain_threshold: 0.25 },
    });
    expect(apart.json()).toMatchObject({ h24_threshold: 1, rapidrain_threshold: 0.25 });
    const kept = await silver.call({
      method: 'PATCH',
      url: `/api/locations/${apart.json().id}`,
      payload: { h24_threshold: 3 },
    });
    expect(kept.json()).toMatchObject({ h24_threshold: 3, rapidrain_threshold: 0.25 });
    const removed = await silver.call({ method: 'DELETE', url: `/api/locations/${apart.json().id}/` });
    expect(removed.statusCode).toBe(204);
    expect((await silver.call({ url: `/api/locations/${apart.json().id}` })).statusCode).toBe(404);
  });

  it('renames a location, accepts its own coordinates back and refuses new ones', async () => {
    const { client, call } = await owner();
    const [imported] = await t.services.locations.createMany([
      { clientId: client.id, name: 'North Camp', latitude: 52.123456, longitude: -100.5, h24Threshold: 1 },
    ]);
    const url = `/api/locations/${imported?.id}/?client_id=${client.id}`;
    const renamed = await call({
      method: 'PATCH',
      url,
      payload: { name: ' Camp ', latitude: '52.123456', longitude: 100.5, status: 'active' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Camp', latitude: 52.123456, longitude: -100.5 });

    for (const [field, value] of [
      ['latitude', 52.2],
      ['longitude', -100.6],
    ] as const) {
      const moved = await call({ method: 'PATCH', url, payload: { name: 'Moved', [field]: value } });
      expect(moved.statusCode).toBe(422);
      expect(moved.json()).toEqual({
        detail: [{ loc: ['body', field], msg: LOCATION_MESSAGES.coordinatesLocked, type: 'value_error' }],
      });
    }
    expect((await call({ url })).json()).toMatchObject({ name: 'Camp', latitude: 52.123456 });
  });

  it('shows a plain contact only its assigned locations and refuses it every change', async () => {
    const { client } = await owner();
    const [assigned, other] = await seed(client.id, ['Assigned', 'Other']);
    const { user, contact } = await buildContactUser(t.services, client.id);
    await t.services.assignments.assignLocations(client.id, contact.id, [assigned?.id ?? 0]);
    const call = await as(user.email);

    expect((await call({ url: '/api/locations/' })).json().map((l: { id: number }) => l.id)).toEqual([
      assigned?.id,
    ]);
    expect((await call({ url: `/api/locations/${assigned?.id}` })).statusCode).toBe(200);
    expect((await call({ url: `/api/locations/${other?.id}` })).statusCode).toBe(404);

    for (const options of [
      { method: 'POST', url: '/api/locations', payload: YARD },
      { method: 'PATCH', url: `/api/locations/${assigned?.id}`, payload: { name: 'Mine' } },
      { method: 'DELETE', url: `/api/locations/${assigned?.id}` },
    ] as InjectOptions[]) {
      expect((await call(options)).statusCode).toBe(403);
    }
    expect((await call({ url: `/api/locations/${assigned?.id}` })).json().name).toBe('Assigned');
  });

  it("answers 404 for another account's location or account and changes nothing", async () => {
    const { call } = await owner();
    const { client: foreign } = await buildOwnedClient(t.services);
    const [theirs] = await seed(foreign.id, ['Theirs']);
    const url = `/api/locations/${theirs?.id}`;
    for (const options of [
      { url },
      { method: 'PATCH', url, payload: { name: 'Mine' } },
      { method: 'DELETE', url },
      { url: `/api/locations?client_id=${foreign.id}` },
      { method: 'POST', url: `/api/locations?client_id=${foreign.id}`, payload: YARD },
      { url: '/api/locations/999999' },
    ] as InjectOptions[]) {
      expect((await call(options)).statusCode, `${options.method} ${options.url}`).toBe(404);
    }
    expect(await t.services.locations.findInClient(foreign.id, theirs?.id ?? 0)).toMatchObject({
      name: 'Theirs',
    });
    expect(await t.services.locations.countInClient(foreign.id)).toBe(1);
  });

  it('lets a co-owner and a superuser (with client_id) manage the account', async () => {
    const { client } = await owner('silver');
    const coOwner = await buildContactUser(t.services, client.id, { coOwner: true });
    const asCoOwner = await as(coOwner.user.email);
    const created = await asCoOwner({ method: 'POST', url: '/api/locations', payload: YARD });
    expect(created.statusCode).toBe(201);
    const patched = await asCoOwner({
      method: 'PATCH',
      url: `/api/locations/${created.json().id}`,
      payload: { rapidrain_threshold: 0.1 },
    });
    expect(patched.json().rapidrain_threshold).toBe(0.1);

    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const asAdmin = await as(admin.email);
    const q = `client_id=${client.id}`;
    const listed = await asAdmin({ url: `/api/locations?${q}` });
    expect(listed.json().map((l: { id: number }) => l.id)).toEqual([created.json().id]);
    const added = await asAdmin({
      method: 'POST',
      url: `/api/locations/?${q}`,
      payload: { ...YARD, name: 'Gate' },
    });
    expect(added.json().client_id).toBe(client.id);
    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/locations/${created.json().id}?${q}` })).statusCode,
    ).toBe(204);
    expect(await t.services.locations.countInClient(client.id)).toBe(1);
  });
});
