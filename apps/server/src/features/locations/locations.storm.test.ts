import { STORM_MESSAGES, STORM_SETTINGS_DEFAULTS } from '@pluvio/shared/storm-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContactUser, buildOwnedClient, signedInCaller } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const YARD = { name: 'Yard', latitude: 30.1, longitude: -95.2 };
const STORM_FIELDS = ['storm_threshold', 'inspection_rule', 'routine_cadence_days'] as const;

/** A location's storm settings (issue 28 point 1): the location API, the account default, CSV import. */
describe('storm settings of locations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: manualClock(new Date('2026-07-01T15:00:00Z')) });
  });
  afterAll(() => t.close());

  const as = (email: string) => signedInCaller(t.app, email);

  async function owner() {
    const { user, client } = await buildOwnedClient(t.services, undefined, {
      tier: 'gold',
      isTrialAccount: false,
      accountType: 'paid',
    });
    return { client, call: await as(user.email) };
  }

  const stormOf = (location: Record<string, unknown>) =>
    Object.fromEntries(STORM_FIELDS.map((field) => [field, location[field]]));

  it('creates a location with the defaults, or with the settings given, and reads them back', async () => {
    const { call } = await owner();
    const plain = await call({ method: 'POST', url: '/api/locations', payload: YARD });
    expect(plain.statusCode).toBe(201);
    expect(stormOf(plain.json())).toEqual({
      storm_threshold: 0.25,
      inspection_rule: 'within_24h',
      routine_cadence_days: null,
    });
    const given = await call({
      method: 'POST',
      url: '/api/locations',
      payload: {
        ...YARD,
        name: 'Gate',
        storm_threshold: 0.5,
        inspection_rule: 'next_business_day',
        routine_cadence_days: 14,
      },
    });
    expect(given.statusCode).toBe(201);
    const expected = { storm_threshold: 0.5, inspection_rule: 'next_business_day', routine_cadence_days: 14 };
    expect(stormOf(given.json())).toEqual(expected);
    expect(stormOf((await call({ url: `/api/locations/${given.json().id}` })).json())).toEqual(expected);
    // A form sends text: numbers are read, a blank threshold takes the default.
    const texts = await call({
      method: 'POST',
      url: '/api/locations',
      payload: { ...YARD, name: 'Shed', storm_threshold: '0.01', routine_cadence_days: '7' },
    });
    expect(stormOf(texts.json())).toMatchObject({ storm_threshold: 0.01, routine_cadence_days: 7 });
  });

  it('updates the settings, keeps those left out, and clears the routine cadence with null', async () => {
    const { call } = await owner();
    const { id } = (await call({ method: 'POST', url: '/api/locations', payload: YARD })).json();
    const url = `/api/locations/${id}`;
    const changed = await call({
      method: 'PATCH',
      url,
      payload: { storm_threshold: 1.25, inspection_rule: 'next_business_day', routine_cadence_days: 7 },
    });
    expect(changed.statusCode).toBe(200);
    expect(stormOf(changed.json())).toEqual({
      storm_threshold: 1.25,
      inspection_rule: 'next_business_day',
      routine_cadence_days: 7,
    });
    const renamed = await call({ method: 'PATCH', url, payload: { name: 'Yard 2' } });
    expect(stormOf(renamed.json())).toEqual(stormOf(changed.json()));
    const cleared = await call({ method: 'PATCH', url, payload: { routine_cadence_days: null } });
    expect(cleared.json()).toMatchObject({ storm_threshold: 1.25, routine_cadence_days: null });
  });

  it('refuses bad values with their message (422) and changes nothing', async () => {
    const { call } = await owner();
    const saved = (await call({ method: 'POST', url: '/api/locations', payload: YARD })).json();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ storm_threshold: 0 }, 'storm_threshold', STORM_MESSAGES.threshold],
      [{ storm_threshold: 20.5 }, 'storm_threshold', STORM_MESSAGES.threshold],
      [{ storm_threshold: 0.255 }, 'storm_threshold', STORM_MESSAGES.threshold],
      [{ storm_threshold: 'lots' }, 'storm_threshold', STORM_MESSAGES.threshold],
      [{ inspection_rule: 'weekly' }, 'inspection_rule', STORM_MESSAGES.inspectionRule],
      [{ routine_cadence_days: 10 }, 'routine_cadence_days', STORM_MESSAGES.routineCadence],
      [{ routine_cadence_days: 'often' }, 'routine_cadence_days', STORM_MESSAGES.routineCadence],
    ];
    for (const [fields, field, msg] of cases) {
      for (const [method, url, payload] of [
        ['POST', '/api/locations', { ...YARD, name: 'Bad', ...fields }],
        ['PATCH', `/api/locations/${saved.id}`, fields],
      ] as const) {
        const response = await call({ method, url, payload });
        expect(response.statusCode, `${method} ${JSON.stringify(fields)}`).toBe(422);
        expect(response.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg }));
      }
    }
    const listed = (await call({ url: '/api/locations' })).json();
    expect(listed).toHaveLength(1);
    expect(stormOf(listed[0])).toEqual(stormOf(saved));
  });

  it('lets a plain contact read the settings of its location but not change them', async () => {
    const { client, call } = await owner();
    const saved = (
      await call({ method: 'POST', url: '/api/locations', payload: { ...YARD, storm_threshold: 0.5 } })
    ).json();
    const { user, contact } = await buildContactUser(t.services, client.id);
    await t.services.assignments.assignLocations(client.id, contact.id, [saved.id]);
    const asContact = await as(user.email);
    expect(stormOf((await asContact({ url: `/api/locations/${saved.id}` })).json())).toEqual(stormOf(saved));
    const refused = await asContact({
      method: 'PATCH',
      url: `/api/locations/${saved.id}`,
      payload: { storm_threshold: 2, routine_cadence_days: 7 },
    });
    expect(refused.statusCode).toBe(403);
    expect(stormOf((await call({ url: `/api/locations/${saved.id}` })).json())).toEqual(stormOf(saved));
  });

  it("gives a new location the account's default threshold, which the account settings carry", async () => {
    const { client, call } = await owner();
    const url = `/api/clients/${client.id}`;
    expect((await call({ url })).json().storm_threshold).toBe(STORM_SETTINGS_DEFAULTS.storm_threshold);
    const bad = await call({ method: 'PATCH', url, payload: { storm_threshold: 0.001 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'storm_threshold'], msg: STORM_MESSAGES.threshold }),
    );
    const changed = await call({ method: 'PATCH', url, payload: { storm_threshold: 0.5 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().storm_threshold).toBe(0.5);
    expect((await call({ url })).json().storm_threshold).toBe(0.5);

    const takesDefault = await call({ method: 'POST', url: '/api/locations', payload: YARD });
    expect(takesDefault.json().storm_threshold).toBe(0.5);
    const ownValue = await call({
      method: 'POST',
      url: '/api/locations',
      payload: { ...YARD, name: 'Gate', storm_threshold: 0.75 },
    });
    expect(ownValue.json().storm_threshold).toBe(0.75);
    // Saved locations keep theirs when the default changes.
    await call({ method: 'PATCH', url, payload: { storm_threshold: 1 } });
    expect((await call({ url: `/api/locations/${takesDefault.json().id}` })).json().storm_threshold).toBe(
      0.5,
    );
  });

  it("keeps the account's dry hours that end a storm event, whole hours from 1 to 72", async () => {
    const { client, call } = await owner();
    const url = `/api/clients/${client.id}`;
    expect((await call({ url })).json().storm_dry_hours).toBe(STORM_SETTINGS_DEFAULTS.storm_dry_hours);
    for (const refused of [0, 73, 2.5, 'soon']) {
      const bad = await call({ method: 'PATCH', url, payload: { storm_dry_hours: refused } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail).toContainEqual(
        expect.objectContaining({ loc: ['body', 'storm_dry_hours'], msg: STORM_MESSAGES.dryHours }),
      );
    }
    const changed = await call({ method: 'PATCH', url, payload: { storm_dry_hours: '12' } });
    expect(changed.json().storm_dry_hours).toBe(12);
    const untouched = await call({ method: 'PATCH', url, payload: { storm_threshold: 0.5 } });
    expect(untouched.json()).toMatchObject({ storm_dry_hours: 12, storm_threshold: 0.5 });
  });

  it('imports the optional columns; rows without them take the defaults, the account threshold first', async () => {
    const { client, call } = await owner();
    await call({ method: 'PATCH', url: `/api/clients/${client.id}`, payload: { storm_threshold: 0.5 } });
    const base = { latitude: 30, longitude: -95, h24_threshold: 0.5, rapidrain_threshold: 0.5 };
    const imported = await call({
      method: 'POST',
      url: '/api/locations/import',
      payload: {
        rows: [
          { row: 2, name: 'Plain', ...base },
          {
            row: 3,
            name: 'Given',
            ...base,
            latitude: 31,
            storm_threshold: 1.5,
            inspection_rule: 'next_business_day',
            routine_cadence_days: 14,
          },
          { row: 4, name: 'Weekly', ...base, latitude: 32, routine_cadence_days: 7 },
        ],
      },
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().created).toBe(3);
    const byName = Object.fromEntries(
      (await call({ url: '/api/locations' })).json().map((l: { name: string }) => [l.name, stormOf(l)]),
    );
    expect(byName).toEqual({
      Plain: { storm_threshold: 0.5, inspection_rule: 'within_24h', routine_cadence_days: null },
      Given: { storm_threshold: 1.5, inspection_rule: 'next_business_day', routine_cadence_days: 14 },
      Weekly: { storm_threshold: 0.5, inspection_rule: 'within_24h', routine_cadence_days: 7 },
    });
  });

  it('refuses an import with a bad storm value, with its message, and imports nothing', async () => {
    const { client, call } = await owner();
    const base = { latitude: 30, longitude: -95, h24_threshold: 0.5, rapidrain_threshold: 0.5 };
    for (const [fields, field, msg] of [
      [{ storm_threshold: 0.333 }, 'storm_threshold', STORM_MESSAGES.threshold],
      [{ inspection_rule: 'monthly' }, 'inspection_rule', STORM_MESSAGES.inspectionRule],
      [{ routine_cadence_days: 30 }, 'routine_cadence_days', STORM_MESSAGES.routineCadence],
    ] as const) {
      const response = await call({
        method: 'POST',
        url: '/api/locations/import',
        payload: {
          rows: [
            { row: 2, name: 'Good', ...base },
            { row: 3, name: 'Bad', ...base, latitude: 31, ...fields },
          ],
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toContainEqual(
        expect.objectContaining({ loc: ['body', 'rows', '1', field], msg }),
      );
    }
    expect(await t.services.locations.countInClient(client.id)).toBe(0);
  });
});
